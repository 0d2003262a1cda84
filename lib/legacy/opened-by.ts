// Where a request that carries the app's one-time key comes from. The site hands a key over in
// one place only: the `src` of the frame on its /apps/{id} page. Browsers say where a request
// comes from (Fetch Metadata): a key opened any other way — a link on another site, a bookmark,
// a typed address (a top-level navigation: Sec-Fetch-Dest `document`), a frame on another site
// (Sec-Fetch-Site `cross-site` where the site and the app are of one site) — is no handover.
// A browser that sends no Fetch Metadata (older ones) is not refused for it: the binding to the
// site's session (app/apps/legacy/route.ts) and the cookie's own rules still stand.

/** Whether two origins are on one host (ports aside): the browser then calls their requests same-site. */
function sameHost(a: string, b: string): boolean {
  const x = new URL(a);
  const y = new URL(b);
  return x.protocol === y.protocol && x.hostname === y.hostname;
}

/** Whether a request with a key is the site's frame loading the app (`siteOrigin`: LEGACY_API_URL's). */
export function framedBySite(request: Request, webOrigin: string, siteOrigin: string): boolean {
  const dest = request.headers.get('sec-fetch-dest');
  const site = request.headers.get('sec-fetch-site');
  if (dest !== null && dest !== 'iframe') return false;
  if (site === 'none') return false;
  // Across sites only where the site is another site than the app's; of one host, the site's
  // frame is same-origin or same-site, and a cross-site frame is someone else's.
  if (site === 'cross-site' && sameHost(webOrigin, siteOrigin)) return false;
  return true;
}
