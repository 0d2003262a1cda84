/** The feed itself: no photo open over it (a soft navigation back to it closes the viewer). */
export { default } from './default';
