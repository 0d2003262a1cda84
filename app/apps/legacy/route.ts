import { env } from '@/lib/env';
import { LegacyApiError } from '@/lib/legacy/client';
import { exchangeKey, getUser } from '@/lib/legacy/methods';
import { framedBySite } from '@/lib/legacy/opened-by';
import { endLegacySession, endLegacyToken, LEGACY_TOKEN_TTL_SECONDS, legacySession } from '@/lib/legacy/session';
import { signedInMemberId } from '@/lib/auth/session';
import { routeHandlers } from '@/lib/route-handler';

// GET /apps/legacy?key=…: where the site's /apps/{app_id} page frames the app, with a one-time
// key. The key is exchanged here, on the server, for a legacy token (/token.php); the token is
// kept in the app's sealed session cookie (lib/legacy/session.ts), and the browser is sent on
// without the key in its address (so that it is in no history, bookmark or later Referer).
// A key that is used, expired or unknown ends any session the browser had: its pages then say
// to open the app again from the site.
//
// A key is somebody's session: taken from a link on another site, it would sign this browser in
// to the app as that somebody, whose account would then receive what this person adds (login
// CSRF). So a key is taken only where the site hands it over, in its frame (lib/legacy/opened-by.ts),
// and only for the member signed in to the site in this browser where the app can see who that
// is: a key of anyone else is ended at once and the browser's app session is ended with it.

export const dynamic = 'force-dynamic';

const HOME = '/apps/legacy/user';
const KEY = /^[\x21-\x7e]{1,200}$/;

const to = (path: string) =>
  new Response(null, { status: 303, headers: { Location: new URL(path, env().WEB_ORIGIN).href, 'Cache-Control': 'no-store' } });

async function open(request: Request): Promise<Response> {
  const key = new URL(request.url).searchParams.get('key');
  if (key === null) return to(HOME);
  // Not from the site's frame (a link, a bookmark, another site's frame): nothing is exchanged,
  // and whatever session the browser had stays as it was.
  const e = env();
  if (!framedBySite(request, e.WEB_ORIGIN, e.LEGACY_API_URL)) return to(`${HOME}?refused=1`);
  if (!KEY.test(key)) {
    await endLegacySession();
    return to(`${HOME}?ended=1`);
  }
  let token: string | undefined;
  let member: number;
  try {
    token = await exchangeKey(key);
    member = (await getUser(token)).id;
  } catch (err) {
    if (!(err instanceof LegacyApiError)) throw err;
    if (token) await endLegacyToken(token);
    await endLegacySession();
    // id 10: the key was used, expired or unknown; anything else: the site could not say.
    return to(err.id === 10 ? `${HOME}?ended=1` : `${HOME}?failed=1`);
  }
  const signedIn = await signedInMemberId();
  if (signedIn !== undefined && signedIn !== member) {
    await endLegacyToken(token);
    await endLegacySession();
    return to(`${HOME}?other=1`);
  }
  const session = await legacySession();
  const before = session.token;
  session.token = token;
  session.userId = member;
  session.expiresAt = Date.now() + LEGACY_TOKEN_TTL_SECONDS * 1000 - 60_000;
  await session.save();
  // The token the browser held before is of no use to anyone now.
  if (before && before !== token) await endLegacyToken(before);
  return to(HOME);
}

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  { GET: open },
  { framedBy: () => new URL(env().LEGACY_API_URL).origin },
);
