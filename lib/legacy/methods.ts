import { z } from 'zod';
import { legacyFetch, type LegacyPage } from './client.ts';

// One function per legacy method the app uses (spec 001), reshaped into the app's own types.

const str = z.preprocess((v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v), z.string()).catch('');
const num = z.coerce.number().catch(0);
/** Only http(s) addresses reach a page. */
const httpUrl = str.transform((v) => (/^https?:\/\//i.test(v) ? v : ''));

const userSchema = z.looseObject({
  user_id: num,
  user_name: str,
  full_name: str,
  joined: num,
  gender: str,
  country_iso: str,
  email: str,
  photo_50px_square: httpUrl,
  photo_120px: httpUrl,
  profile_url: httpUrl,
});

export interface LegacyUser {
  id: number;
  name: string;
  userName: string;
  /** Epoch milliseconds; 0 when not given. */
  joined: number;
  gender: string;
  country: string;
  email: string;
  picture: string;
  smallPicture: string;
  profileUrl: string;
}

function reshapeUser(u: z.infer<typeof userSchema>): LegacyUser {
  return {
    id: u.user_id,
    name: u.full_name || u.user_name,
    userName: u.user_name,
    joined: u.joined * 1000,
    gender: u.gender,
    country: u.country_iso,
    email: u.email,
    picture: u.photo_120px || u.photo_50px_square,
    smallPicture: u.photo_50px_square,
    profileUrl: u.profile_url,
  };
}

export interface LegacyList<T> extends LegacyPage {
  items: T[];
}

/** A list's items that parse (one odd entry does not cost the list). */
function listOf<S extends z.ZodType, T>(schema: S, reshape: (v: z.infer<S>) => T, output: unknown, paging: LegacyPage): LegacyList<T> {
  const items = Array.isArray(output)
    ? output.flatMap((o) => {
        const p = schema.safeParse(o);
        return p.success ? [reshape(p.data)] : [];
      })
    : [];
  return { ...paging, items };
}

export async function exchangeKey(key: string): Promise<string> {
  const { output } = await legacyFetch('/token.php', { query: { key } });
  const token = z.object({ token: z.string().min(1) }).parse(output).token;
  return token;
}

/**
 * auth.expireSession (an extension of the API's, after the old REST API the document comes
 * from): ends the token at once. A server that does not know it answers error 1.
 */
export async function expireSession(token: string): Promise<void> {
  await legacyFetch('/api.php', { token, method: 'auth.expireSession', post: true });
}

export async function getUser(token: string): Promise<LegacyUser> {
  const { output } = await legacyFetch('/api.php', { token, method: 'user.getUser' });
  return reshapeUser(userSchema.parse(output));
}

export async function getFriends(token: string, page: number): Promise<LegacyList<LegacyUser>> {
  const { output, paging } = await legacyFetch('/api.php', { token, method: 'friend.getFriends', query: { page } });
  return listOf(userSchema, reshapeUser, output, paging);
}

export async function isFriend(token: string, friendUserId: number): Promise<boolean> {
  const { output } = await legacyFetch('/api.php', { token, method: 'friend.isFriend', query: { friend_user_id: friendUserId } });
  return z.looseObject({ is_friend: num }).parse(output).is_friend === 1;
}

export interface LegacyPhoto {
  thumb: string;
  medium: string;
  original: string;
}
const photoSchema = z.looseObject({ photo_100px: httpUrl, photo_240px: httpUrl, photo_original: httpUrl });

export async function getPhotos(token: string, page: number): Promise<LegacyList<LegacyPhoto>> {
  const { output, paging } = await legacyFetch('/api.php', { token, method: 'photo.getPhotos', query: { page } });
  return listOf(
    photoSchema,
    (p) => ({ thumb: p.photo_100px, medium: p.photo_240px || p.photo_original, original: p.photo_original }),
    output,
    paging,
  );
}

export interface LegacySong {
  src: string;
  albumUrl: string;
  plays: number;
}
const songSchema = z.looseObject({ path_file: httpUrl, album_url: httpUrl, listen: num });

export async function getSongs(token: string, page: number): Promise<LegacyList<LegacySong>> {
  const { output, paging } = await legacyFetch('/api.php', { token, method: 'musicsharing.getSongs', query: { page } });
  return listOf(songSchema, (s) => ({ src: s.path_file, albumUrl: s.album_url, plays: s.listen }), output, paging);
}

export interface LegacyNotification {
  id: number;
  link: string;
  message: string;
  icon: string;
}
const notificationSchema = z.looseObject({ notification_id: num, link: httpUrl, message: str, icon: httpUrl });

/** notification.get (the site marks them read as it answers). */
export async function getNotifications(token: string, page: number): Promise<LegacyList<LegacyNotification>> {
  const { output, paging } = await legacyFetch('/api.php', { token, method: 'notification.get', query: { page } });
  return listOf(notificationSchema, (n) => ({ id: n.notification_id, link: n.link, message: n.message, icon: n.icon }), output, paging);
}

export async function getUnreadCounts(token: string): Promise<{ mail: number; notifications: number }> {
  const count = async (method: string) => num.parse((await legacyFetch('/api.php', { token, method })).output);
  const [mail, notifications] = await Promise.all([count('mail.getNewCount'), count('notification.getNewCount')]);
  return { mail, notifications };
}

/** photo.addPhoto with the browser's multipart body (its `photo` part), passed on as it arrives. */
export async function addPhoto(
  token: string,
  upload: { body: ReadableStream<Uint8Array>; contentType: string; contentLength?: string },
  signal: AbortSignal,
): Promise<{ original: string; thumb: string }> {
  const { output } = await legacyFetch('/api.php', { token, method: 'photo.addPhoto', stream: upload, signal });
  const set = z.looseObject({ original: httpUrl, '240px': httpUrl }).parse(output);
  return { original: set.original, thumb: set['240px'] || set.original };
}
