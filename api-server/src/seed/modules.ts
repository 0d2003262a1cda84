import type { ModuleSeed } from './context.ts';
import { seedEvents } from './events.ts';
import { seedAlbums } from './albums.ts';
import { seedBlogs } from './blogs.ts';
import { seedClassifieds } from './classifieds.ts';
import { seedLegacy } from './legacy.ts';
import { seedMessages } from './messages.ts';
import { seedGroups } from './groups.ts';

/** Each module's demo data, run in this order after users, friendships and the feed. */
export const MODULE_SEEDS: ModuleSeed[] = [seedAlbums, seedBlogs, seedClassifieds, seedEvents, seedLegacy, seedMessages, seedGroups];
