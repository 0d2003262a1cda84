import { ITEM_KINDS, itemHref, routes } from '../routes.ts';
import type { Who } from '../social-api/users.ts';
import type { NotificationGroup } from '../social-api/activities.ts';

// A notification row's words, the same in the list and in the bell's panel.

/**
 * Who did it: "Alice", "Alice and Bob", "Alice, Bob and Carol", "Alice, Bob and 3 others" —
 * `actors` the latest few, `count` how many people in all.
 */
function namesOf(actors: readonly Who[], count = actors.length): string {
  const names = actors.map((a) => a.name);
  if (count <= 1) return names[0] ?? '';
  if (count <= 3 && names.length === count) return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const others = count - 2;
  return `${names.slice(0, 2).join(', ')} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

/** What happened, in words: "liked your listing “Road bike”". */
export function whatHappened(g: Pick<NotificationGroup, 'kind' | 'item' | 'title' | 'commentId'>): string {
  const title = g.title ? ` “${g.title}”` : '';
  if (g.item.type === 'user') {
    return g.kind === 'friend_accept' ? 'accepted your friend request' : 'sent you a friend request';
  }
  if (g.item.type === 'group') {
    switch (g.kind) {
      case 'group_invite':
        return `invited you to the group${title}`;
      case 'group_request':
        return `asked to join your group${title}`;
      case 'group_approve':
        return `approved your request to join the group${title}`;
      case 'group_reject':
        return `declined your request to join the group${title}`;
      default:
        return `added you to the group${title}`;
    }
  }
  const noun = ITEM_KINDS[g.item.type].noun;
  switch (g.kind) {
    case 'like':
      return g.commentId ? `liked your comment on the ${noun}${title}` : `liked your ${noun}${title}`;
    case 'comment':
      return `commented on your ${noun}${title}`;
    case 'share':
      return `shared your ${noun}${title}`;
    case 'tag':
      return `tagged you in a ${noun}${title}`;
    case 'event_invite':
      return `invited you to the event${title}`;
    case 'event_request':
      return `asked to join your event${title}`;
    case 'wall_post':
      return `wrote on your wall${title ? `:${title}` : ''}`;
    default:
      return `did something with your ${noun}${title}`;
  }
}

/**
 * A row's words: who did it (bold) and what happened. A video's conversion is the site's own news
 * about the reader's video (the API names the reader as its `owner`): nobody is named.
 */
export function wordsOf(g: Pick<NotificationGroup, 'kind' | 'item' | 'title' | 'commentId' | 'actors' | 'actorCount'>): {
  names: string;
  what: string;
} {
  const title = g.title ? ` “${g.title}”` : '';
  if (g.kind === 'video_processed') return { names: '', what: `Your video${title} is ready to watch.` };
  if (g.kind === 'video_failed') return { names: '', what: `Your video${title} could not be converted. Open it to see why.` };
  return { names: namesOf(g.actors, g.actorCount), what: whatHappened(g) };
}

/**
 * Where a row leads: the member (friend requests), the group (a request to join it: its members,
 * where officers answer), else the item's page — at the comment when it is about one — (undefined
 * while it has none).
 */
export function groupHref(g: Pick<NotificationGroup, 'item' | 'commentId' | 'kind'>): string | undefined {
  if (g.item.type === 'user') return routes.user(g.item.id);
  if (g.item.type === 'group') return g.kind === 'group_request' ? routes.groupMembers(g.item.id) : routes.group(g.item.id);
  const page = itemHref(g.item);
  return page && g.commentId ? `${page}#comment-${g.commentId}` : page;
}
