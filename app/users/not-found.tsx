// An unknown member is found by app/users/[id]/layout.tsx, above the [id] segment's own
// not-found boundary: this one, a level up, catches it and shows the same page.
export { default } from './[id]/not-found';
