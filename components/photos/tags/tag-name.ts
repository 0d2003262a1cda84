import type { PhotoTag } from '@/lib/social-api/tags';

// Kept apart from lib/social-api/tags.ts so that client components take this, not the API
// module's parsing (zod) with it.

/** What a tag is called in a list: the member's name, or its label. */
export const tagName = (t: Pick<PhotoTag, 'user' | 'label'>) => t.user?.name ?? (t.label || 'Someone');
