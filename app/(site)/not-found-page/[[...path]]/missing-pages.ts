import type { ComponentType } from 'react';
import ActivityNotFound from '../../activities/[id]/not-found';
import AlbumNotFound from '../../albums/[id]/not-found';
import BlogNotFound from '../../blogs/[id]/not-found';
import EventNotFound from '../../events/[id]/not-found';
import GroupNotFound from '../../groups/[id]/not-found';
import ListingNotFound from '../../listings/[id]/not-found';
import ConversationNotFound from '../../messages/[id]/not-found';
import PlaylistNotFound from '../../music/[id]/not-found';
import NotFound from '../../not-found';
import PhotoNotFound from '../../photos/[id]/not-found';
import MemberNotFound from '../../users/not-found';
import VideoNotFound from '../../videos/[id]/not-found';

/**
 * The not-found.tsx that Next would show for a page under each path, nearest first: an item's
 * page and the pages under it (/blogs/7, /blogs/7/edit, /groups/3/members) have their item's, a
 * member's pages theirs, anything else the site's. An item's id is digits: /events/new and its
 * siblings are the site's, as in the app's tree. Every not-found.tsx of app/(site) is here
 * (missing-pages.test.ts).
 */
const MISSING_PAGES: ReadonlyArray<readonly [RegExp, ComponentType]> = [
  [/^\/activities\/\d+(?:\/|$)/, ActivityNotFound],
  [/^\/albums\/\d+(?:\/|$)/, AlbumNotFound],
  [/^\/blogs\/\d+(?:\/|$)/, BlogNotFound],
  [/^\/events\/\d+(?:\/|$)/, EventNotFound],
  [/^\/groups\/\d+(?:\/|$)/, GroupNotFound],
  [/^\/listings\/\d+(?:\/|$)/, ListingNotFound],
  [/^\/messages\/\d+(?:\/|$)/, ConversationNotFound],
  [/^\/music\/\d+(?:\/|$)/, PlaylistNotFound],
  [/^\/photos\/\d+(?:\/|$)/, PhotoNotFound],
  [/^\/users(?:\/|$)/, MemberNotFound],
  [/^\/videos\/\d+(?:\/|$)/, VideoNotFound],
];

/** The not-found page for a path. */
export function missingPageFor(pathname: string): ComponentType {
  return MISSING_PAGES.find(([pattern]) => pattern.test(pathname))?.[1] ?? NotFound;
}
