// Lint fixture (scripts/lint-boundaries.test.ts lints it as a file of lib/social-api): the API
// client taking a type from a feature folder, as event-feeds.ts once did from lib/events.
import type { BlogSaved } from '@/lib/blogs/commands';

export type Saved = BlogSaved;
