import { safeReturnTo } from '@/lib/auth/return-to';
import { routeHandlers } from '@/lib/route-handler';
import { site } from '@/lib/site';

// The page lib/unavailable.ts sends people to when the API is down or slow. A route handler,
// because only a route handler can answer a page with 502/503/504 (pages answer 200 or 500),
// and plain HTML, because this must work when everything else is failing.
const RETRY_SECONDS = 15;

const TEXT: Record<number, { title: string; body: string }> = {
  502: {
    title: `${site.name} cannot be reached right now`,
    body: 'The site that holds your feed, photos and messages is not answering. Nothing you did caused this.',
  },
  503: { title: `${site.name} is busy right now`, body: 'The site asked us to wait a moment before trying again.' },
  504: {
    title: `${site.name} is taking too long to answer`,
    body: 'The site that holds your feed, photos and messages did not answer in time.',
  },
};

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(request: Request): Response {
  const url = new URL(request.url);
  const asked = Number(url.searchParams.get('status'));
  const status = asked === 502 || asked === 504 ? asked : 503;
  const from = safeReturnTo(url.searchParams.get('from'));
  const { title, body } = TEXT[status]!;
  const back = escape(from);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="${RETRY_SECONDS};url=${back}">
<title>${escape(title)} · ${escape(site.name)}</title>
<style>
  body { margin: 0; font-family: ui-sans-serif, system-ui, sans-serif; color: #0f172a; background: #fff; }
  main { max-width: 40rem; margin: 0 auto; padding: 6rem 1.5rem; }
  p.code { color: #4338ca; font-weight: 600; font-size: .875rem; }
  h1 { font-size: 1.875rem; line-height: 1.2; margin: .5rem 0 0; }
  p { color: #475569; line-height: 1.6; }
  a { display: inline-block; margin-top: 1.5rem; background: #4f46e5; color: #fff; padding: .625rem 1rem; border-radius: .5rem; font-weight: 600; text-decoration: none; }
  a:focus-visible { outline: 2px solid #4f46e5; outline-offset: 2px; }
  @media (prefers-color-scheme: dark) { body { background: #020617; color: #f8fafc; } p { color: #cbd5e1; } p.code { color: #a5b4fc; } }
</style>
</head>
<body>
<main>
<p class="code">${status}</p>
<h1>${escape(title)}</h1>
<p>${escape(body)}</p>
<p>This page tries again by itself every ${RETRY_SECONDS} seconds and takes you back as soon as the site answers.</p>
<a href="${back}">Try again now</a>
</main>
</body>
</html>`;
  return new Response(html, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'retry-after': String(RETRY_SECONDS) },
  });
}

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers({ GET: page });
