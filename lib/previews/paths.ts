/** Where the preview images live (app/og/[type]/[id]/[file]): proxy.ts leaves their caching to them. */
export const PREVIEW_IMAGES = '/og/';
