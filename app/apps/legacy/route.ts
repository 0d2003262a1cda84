import { env } from '@/lib/env';
import { LegacyApiError } from '@/lib/legacy/client';
import { exchangeKey } from '@/lib/legacy/methods';
import { LEGACY_TOKEN_TTL_SECONDS, legacySession } from '@/lib/legacy/session';
import { routeHandlers } from '@/lib/route-handler';

// GET /apps/legacy?key=…: where the site's /apps/{app_id} page frames the app, with a one-time
// key. The key is exchanged here, on the server, for a legacy token (/token.php); the token is
// kept in the app's sealed session cookie (lib/legacy/session.ts), and the browser is sent on
// without the key in its address (so that it is in no history, bookmark or later Referer).
// A key that is used, expired or unknown ends any session the browser had: its pages then say
// to open the app again from the site.

export const dynamic = 'force-dynamic';

const HOME = '/apps/legacy/user';
const KEY = /^[\x21-\x7e]{1,200}$/;

const to = (path: string) =>
  new Response(null, { status: 303, headers: { Location: new URL(path, env().WEB_ORIGIN).href, 'Cache-Control': 'no-store' } });

async function open(request: Request): Promise<Response> {
  const key = new URL(request.url).searchParams.get('key');
  const session = await legacySession();
  if (key === null) return to(HOME);
  if (!KEY.test(key)) {
    session.destroy();
    return to(`${HOME}?ended=1`);
  }
  try {
    const token = await exchangeKey(key);
    session.token = token;
    session.expiresAt = Date.now() + LEGACY_TOKEN_TTL_SECONDS * 1000 - 60_000;
    await session.save();
    return to(HOME);
  } catch (e) {
    if (!(e instanceof LegacyApiError)) throw e;
    session.destroy();
    // id 10: the key was used, expired or unknown; anything else: the site could not say.
    return to(e.id === 10 ? `${HOME}?ended=1` : `${HOME}?failed=1`);
  }
}

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  { GET: open },
  { framedBy: () => new URL(env().LEGACY_API_URL).origin },
);
