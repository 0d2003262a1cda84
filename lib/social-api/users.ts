import { webAddress } from '../images/image-src.ts';
import { apiFetch } from './client.ts';
import { apiConfig } from './config.ts';
import { isApiError, isMissingExtension } from './errors.ts';
import { feedPageSchema, meSchema, ownerSchema, type ApiOwner } from './schemas.ts';
import { z } from 'zod';

/** A person beside something they did: name and small picture. */
export interface Who {
  id: number;
  name: string;
  /** Small square picture (50 px), '' when none. */
  image: string;
}

/** A person as the web client shows them on their own. */
export interface Person extends Who {
  /** Larger picture for a profile header (240 px); falls back to `image`. */
  picture: string;
}

/** Only what a list shows of a person (client components get no more than they show). */
export function who(p: Who): Who {
  return { id: p.id, name: p.name, image: p.image };
}

export interface Me extends Person {
  email: string;
}

/** Only http(s) picture addresses reach an <img>. */
export function safeImageUrl(url: string): string {
  if (!url) return '';
  // Every feed render meets the same pictures again: each address is parsed once (bounded, oldest out).
  let safe = checkedUrls.get(url);
  if (safe === undefined) {
    safe = webAddress(url)?.href ?? '';
    checkedUrls.set(url, safe);
    if (checkedUrls.size > CHECKED_URLS_MAX) checkedUrls.delete(checkedUrls.keys().next().value!);
  }
  return safe;
}

const CHECKED_URLS_MAX = 5_000;
const checkedUrls = new Map<string, string>();

export function reshapePerson(o: ApiOwner): Person {
  const image = safeImageUrl(o.imgs.icon || o.imgs.normal || o.imgs.profile || o.imgs.original);
  return {
    id: o.id,
    name: o.title.trim() || `Member ${o.id}`,
    image,
    picture: safeImageUrl(o.imgs.profile || o.imgs.normal || o.imgs.original) || image,
  };
}

/** The signed-in person (GET /users/me, an extension of the API: docs/api.md, "Extensions"). */
export async function getMe(token: string): Promise<Me> {
  const data = meSchema.parse(await apiFetch(apiConfig(), '/users/me', { token }));
  return { ...reshapePerson(data), email: data.email };
}

const albumOwnersSchema = z.array(z.looseObject({ owner: ownerSchema.optional() })).catch([]);

/**
 * A member by id, for the header of their wall; undefined when there is no such member.
 *
 * The API has no "user by id" endpoint, so the summary is found where the API does show it:
 * the signed-in person from /users/me, anyone else as the owner of something on their wall
 * (the wall answers 404 for an unknown user), or else of one of their albums.
 */
export async function getUser(token: string, id: number, me?: { id: number }): Promise<Person | undefined> {
  if (me && me.id === id) return getMe(token);
  let wall;
  try {
    wall = feedPageSchema.parse(
      await apiFetch(apiConfig(), '/activities', {
        token,
        query: { subject_type: 'user', subject_id: id, limit: 50, fields: 'id,owner' },
      }),
    );
  } catch (e) {
    if (isApiError(e, 404)) return undefined;
    throw e;
  }
  const owner = wall.items.find((a) => a.owner?.id === id)?.owner;
  if (owner) return reshapePerson(owner);
  try {
    const albums = albumOwnersSchema.parse(
      await apiFetch(apiConfig(), '/albums', { token, query: { user_id: id, limit: 1, fields: 'id,owner' } }),
    );
    const albumOwner = albums.find((a) => a.owner?.id === id)?.owner;
    if (albumOwner) return reshapePerson(albumOwner);
  } catch (e) {
    // Without the albums scope (403) or albums on this server, the header makes do with less.
    if (!isApiError(e) || e.isUnavailable) throw e;
  }
  return { id, name: `Member ${id}`, image: '', picture: '' };
}

/** How the reader and a member stand (GET /users/{id}, an extension): undefined where the server does not say. */
export type Friendship = 'self' | 'friends' | 'request_sent' | 'request_received' | 'none';

export interface Member extends Person {
  friendship?: Friendship;
  /** The friend request pending between them, either way. */
  requestId?: number;
  totalFriends?: number;
  /** Friends the reader and the member have in common. */
  mutualFriends?: number;
  /** How many of each the reader would find on the member's tabs (events: upcoming ones). */
  shared?: { albums: number; blogs: number; listings: number; events: number };
  /**
   * Whether the reader may start a conversation with them, and why not (the API's words: "Alice
   * Martin only receives messages from friends."); undefined from a server without messages.
   */
  messaging?: { allowed: boolean; refusal: string };
  /** A block between them: the reader's (`blocked`) or the member's (`blockedBy`). */
  block?: 'blocked' | 'blockedBy';
}

const memberSchema = ownerSchema.extend({
  total_friend: z.number().int().nonnegative().nullable().optional().catch(undefined),
  friendship: z.enum(['self', 'friends', 'request_sent', 'request_received', 'none']).nullable().optional().catch(undefined),
  friend_request_id: z.number().int().positive().nullable().optional().catch(undefined),
  total_mutual_friend: z.number().int().nonnegative().nullable().optional().catch(undefined),
  total_album: z.number().int().nonnegative().optional().catch(undefined),
  total_blog: z.number().int().nonnegative().optional().catch(undefined),
  total_listing: z.number().int().nonnegative().optional().catch(undefined),
  total_event: z.number().int().nonnegative().optional().catch(undefined),
  can_send_message: z.boolean().nullable().optional().catch(undefined),
  send_message_refusal: z.string().nullable().optional().catch(undefined),
  block_status: z.enum(['no_block', 'is_blocked', 'is_blocked_by']).nullable().optional().catch(undefined),
});

/**
 * A member and how the reader stands with them (GET /users/{id}, an extension); undefined for a
 * member who does not exist. A server without the route: getUser's way (who they are, no friendship).
 */
export async function getMember(token: string, id: number, me: { id: number }): Promise<Member | undefined> {
  let data: unknown;
  try {
    data = await apiFetch(apiConfig(), `/users/${id}`, { token });
  } catch (e) {
    // A member who does not exist and a server without the route both answer 404: getUser tells them apart.
    if (!isMissingExtension(e)) throw e;
    return getUser(token, id, me);
  }
  const m = memberSchema.parse(data);
  const person = reshapePerson(m);
  return {
    ...person,
    ...(m.friendship ? { friendship: m.friendship } : {}),
    ...(m.friend_request_id ? { requestId: m.friend_request_id } : {}),
    ...(m.total_friend != null ? { totalFriends: m.total_friend } : {}),
    ...(m.total_mutual_friend != null ? { mutualFriends: m.total_mutual_friend } : {}),
    ...(m.total_album !== undefined && m.total_blog !== undefined && m.total_listing !== undefined && m.total_event !== undefined
      ? { shared: { albums: m.total_album, blogs: m.total_blog, listings: m.total_listing, events: m.total_event } }
      : {}),
    ...(typeof m.can_send_message === 'boolean'
      ? {
          messaging: {
            allowed: m.can_send_message,
            refusal: m.can_send_message ? '' : m.send_message_refusal?.trim() || `${person.name} does not receive messages from you.`,
          },
        }
      : {}),
    ...(m.block_status === 'is_blocked'
      ? { block: 'blocked' as const }
      : m.block_status === 'is_blocked_by'
        ? { block: 'blockedBy' as const }
        : {}),
  };
}

/**
 * Makes a square of one of the reader's photos their picture (POST /users/me/photo, an extension:
 * docs/api.md, "Extensions": Profile picture). `x`, `y`, `size` are whole pixels of the photo's
 * original. Answers the photo as kept in the reader's "Profile Pictures" album.
 */
export async function setProfilePhoto(
  token: string,
  photoId: number,
  crop: { x: number; y: number; size: number },
): Promise<{ photoId: number }> {
  const data = z
    .looseObject({ photo_id: z.number().int().positive() })
    .parse(await apiFetch(apiConfig(), '/users/me/photo', { token, form: { photo_id: photoId, ...crop } }));
  return { photoId: data.photo_id };
}
