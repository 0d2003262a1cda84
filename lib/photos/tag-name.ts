import type { PhotoTag } from '../social-api/tags.ts';

// Kept apart from lib/social-api/tags.ts so that client components (components/photos/tags/)
// take this, not the API module's parsing (zod) with it.

/** What a tag is called in a list: the member's name, or its label. */
export const tagName = (t: Pick<PhotoTag, 'user' | 'label'>) => t.user?.name ?? (t.label || 'Someone');
