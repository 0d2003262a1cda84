// The JavaScript part of `npm run bench`: what a modern browser downloads to run each page of
// JS_PAGES, gzip level 9 (as the server would send it), against the page's budget.
// - First load: every script the page's HTML names (its <script src> but the `nomodule`
//   polyfills only old browsers fetch, its script preloads, and every chunk named in its inline
//   scripts: the RSC payload and Turbopack's chunk list), each fetched from the server once.
// - After load, for the editor pages: the rich-text editor they ask for as soon as they run (a
//   lazily loaded component the page cannot be used without), found through the loader of its
//   dynamic import in their first-load scripts. The body cannot be written before it arrives,
//   so the page's budget holds its first load and the editor together.
// The pages' ids (an activity, an album, a photo, blog posts, listings, an event, a conversation)
// are taken from the API as the demo user sees it. The conversation's code is checked to load on
// the messages' pages alone.
import { gzip9, unescapeHtml } from './format.ts';
import { WAITING_PRELOAD_REL, WAITING_SCRIPT_TYPE } from '../web-server/scripts-after-paint.ts';

/** First-load JavaScript of every page, gzip level 9, in KiB (the target). */
const FIRST_LOAD_JS_KIB = 190;

/**
 * The editor pages' budget (the issue's), for their first load and the rich-text editor they
 * load once they run, together: the editor's code is theirs alone.
 */
const EDITOR_PAGE_JS_KIB = 260;

/**
 * The pages whose first-load JavaScript is measured (and must stay within FIRST_LOAD_JS_KIB, or
 * `budgetKiB` when a page has its own). `{activity}` is the id of an activity the demo user can
 * see, `{album}` one of the demo user's albums and `{photo}` a photo in it, `{blog}` a published
 * blog post of someone else's, `{myBlog}` one of the demo user's own, `{listing}` a listing with
 * photos, `{myListing}` one of the demo user's own with photos, `{event}` an upcoming event the
 * demo user leads, `{conversation}` the demo user's latest conversation. `maybeMissing`: a 404 is reported as not built yet rather than failing the
 * run. `afterLoad`: code the page asks for as soon as it runs, outside its first load (a lazily
 * loaded component the page cannot be used without): every chunk of the dynamic import, named
 * in the page's first-load scripts, one of whose chunks holds `marker`. It is printed beside
 * the first load, and the two together are judged against the page's budget.
 */
export type JsPage = {
  label: string;
  server: 'web' | 'bare';
  path: string;
  signedIn: boolean;
  maybeMissing?: boolean;
  budgetKiB?: number;
  afterLoad?: { what: string; marker: string };
};
/** A page of the rich-text editor: its first load and the editor together, against the editor pages' budget. */
const editorPage = (label: string, path: string): JsPage => ({
  label,
  server: 'web',
  path,
  signedIn: true,
  budgetKiB: EDITOR_PAGE_JS_KIB,
  afterLoad: { what: 'the rich-text editor', marker: 'ProseMirror' },
});
const JS_PAGES: JsPage[] = [
  { label: '/ (feed, signed in)', server: 'web', path: '/', signedIn: true },
  { label: '/ (landing, signed out)', server: 'web', path: '/', signedIn: false },
  { label: '/sign-in', server: 'web', path: '/sign-in', signedIn: false },
  { label: '/users/1 (wall)', server: 'web', path: '/users/1', signedIn: true },
  { label: '/activities/{activity}', server: 'web', path: '/activities/{activity}', signedIn: true, maybeMissing: true },
  { label: '/albums', server: 'web', path: '/albums', signedIn: true, maybeMissing: true },
  { label: '/albums/{album}', server: 'web', path: '/albums/{album}', signedIn: true, maybeMissing: true },
  { label: '/photos/{photo}', server: 'web', path: '/photos/{photo}', signedIn: true, maybeMissing: true },
  { label: '/albums/upload (Add photos)', server: 'web', path: '/albums/upload', signedIn: true },
  { label: '/blogs', server: 'web', path: '/blogs', signedIn: true },
  { label: '/blogs/{blog}', server: 'web', path: '/blogs/{blog}', signedIn: true },
  editorPage('/blogs/new (editor)', '/blogs/new'),
  editorPage('/blogs/{myBlog}/edit (editor)', '/blogs/{myBlog}/edit'),
  { label: '/listings', server: 'web', path: '/listings', signedIn: true },
  { label: '/listings/{listing}', server: 'web', path: '/listings/{listing}', signedIn: true },
  { label: '/dashboard', server: 'web', path: '/dashboard', signedIn: true },
  { label: '/dashboard/listings', server: 'web', path: '/dashboard/listings', signedIn: true },
  editorPage('/listings/new (editor)', '/listings/new'),
  editorPage('/listings/{myListing}/edit (editor)', '/listings/{myListing}/edit'),
  { label: '/events', server: 'web', path: '/events', signedIn: true },
  { label: '/events?view=calendar', server: 'web', path: '/events?view=calendar', signedIn: true },
  { label: '/events/{event}', server: 'web', path: '/events/{event}', signedIn: true },
  { label: '/events/new', server: 'web', path: '/events/new', signedIn: true },
  { label: '/dashboard/events', server: 'web', path: '/dashboard/events', signedIn: true },
  { label: '/groups', server: 'web', path: '/groups', signedIn: true },
  { label: '/groups/my', server: 'web', path: '/groups/my', signedIn: true },
  { label: '/groups/new', server: 'web', path: '/groups/new', signedIn: true },
  { label: '/groups/{group}', server: 'web', path: '/groups/{group}', signedIn: true },
  { label: '/groups/{group}/wall', server: 'web', path: '/groups/{group}/wall', signedIn: true },
  { label: '/groups/{group}/members', server: 'web', path: '/groups/{group}/members', signedIn: true },
  { label: '/groups/{group}/photos', server: 'web', path: '/groups/{group}/photos', signedIn: true },
  { label: '/groups/{group}/photos/add', server: 'web', path: '/groups/{group}/photos/add', signedIn: true },
  { label: '/groups/{group}/events', server: 'web', path: '/groups/{group}/events', signedIn: true },
  { label: '/groups/{group}/edit', server: 'web', path: '/groups/{group}/edit', signedIn: true },
  { label: '/search?q=lyon', server: 'web', path: '/search?q=lyon', signedIn: true },
  { label: '/search?q=lyon (visitor)', server: 'web', path: '/search?q=lyon', signedIn: false },
  { label: '/notifications', server: 'web', path: '/notifications', signedIn: true },
  { label: '/users/2/albums (a profile tab)', server: 'web', path: '/users/2/albums', signedIn: true },
  { label: '/friends', server: 'web', path: '/friends', signedIn: true },
  { label: '/messages', server: 'web', path: '/messages', signedIn: true },
  { label: '/messages?open={conversation} (two panes)', server: 'web', path: '/messages?open={conversation}', signedIn: true },
  { label: '/messages/{conversation}', server: 'web', path: '/messages/{conversation}', signedIn: true },
  { label: '/messages/new?to=2', server: 'web', path: '/messages/new?to=2', signedIn: true },
  { label: '/settings/privacy', server: 'web', path: '/settings/privacy', signedIn: true },
  { label: '/videos', server: 'web', path: '/videos', signedIn: true },
  { label: '/videos/my', server: 'web', path: '/videos/my', signedIn: true },
  { label: '/videos/new', server: 'web', path: '/videos/new', signedIn: true },
  { label: '/videos/{video}', server: 'web', path: '/videos/{video}', signedIn: true, maybeMissing: true },
  { label: '/videos/{video}/edit', server: 'web', path: '/videos/{video}/edit', signedIn: true, maybeMissing: true },
  // What another site's page frames (the video's Embed code), as a visitor of that site loads it.
  {
    label: '/embed/videos/{video} (the embedded player)',
    server: 'web',
    path: '/embed/videos/{video}',
    signedIn: false,
    maybeMissing: true,
  },
  { label: '/music', server: 'web', path: '/music', signedIn: true },
  { label: '/music/my', server: 'web', path: '/music/my', signedIn: true },
  { label: '/music/new', server: 'web', path: '/music/new', signedIn: true },
  { label: '/music/{playlist}', server: 'web', path: '/music/{playlist}', signedIn: true, maybeMissing: true },
  { label: '/music/{playlist}/edit', server: 'web', path: '/music/{playlist}/edit', signedIn: true, maybeMissing: true },
  { label: 'bare page /', server: 'bare', path: '/', signedIn: false },
];

// ---- the pages' ids ----------------------------------------------------------------------

/** The first activity of the demo user's feed (0 when there is none). */
async function activityId(apiBase: string, token: string): Promise<{ activity: number }> {
  const feed = (await (
    await fetch(`${apiBase}/activities?limit=15&fields=id`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { data: { items: Array<{ id: number }> } };
  return { activity: feed.data.items[0]?.id ?? 0 };
}

/** One of the demo user's albums that has photos, and its first photo (0 when there is none). */
async function albumAndPhoto(apiBase: string, token: string): Promise<{ album: number; photo: number }> {
  const headers = { authorization: `Bearer ${token}` };
  const albums = (await (await fetch(`${apiBase}/albums/my?fields=id,total_photo&limit=20`, { headers })).json()) as {
    data: Array<{ id: number; total_photo: number }>;
  };
  const album = albums.data.find((a) => a.total_photo > 0)?.id ?? 0;
  if (!album) return { album: 0, photo: 0 };
  const detail = (await (await fetch(`${apiBase}/albums/${album}?fields=id,photos&photo_fields=id&photo_limit=1`, { headers })).json()) as {
    data: { photos: Array<{ id: number }> };
  };
  return { album, photo: detail.data.photos[0]?.id ?? 0 };
}

/** A published blog post of someone else's the demo user can see, and one of the demo user's own (0 when none). */
async function blogIds(apiBase: string, token: string): Promise<{ blog: number; myBlog: number }> {
  const headers = { authorization: `Bearer ${token}` };
  const first = async (url: string) => ((await (await fetch(url, { headers })).json()) as { data: Array<{ id: number }> }).data[0]?.id ?? 0;
  const me = ((await (await fetch(`${apiBase}/users/me`, { headers })).json()) as { data: { id: number } }).data.id;
  const others = (
    (await (await fetch(`${apiBase}/blogs?fields=id,owner&limit=20`, { headers })).json()) as {
      data: Array<{ id: number; owner: { id: number } }>;
    }
  ).data;
  return { blog: others.find((b) => b.owner.id !== me)?.id ?? 0, myBlog: await first(`${apiBase}/blogs/my?fields=id&limit=1`) };
}

/** A listing with photos the demo user can see, and one of the demo user's own with photos (0 when none). */
async function listingId(apiBase: string, token: string): Promise<{ listing: number; myListing: number }> {
  const headers = { authorization: `Bearer ${token}` };
  const first = async (path: string) =>
    ((await (await fetch(`${apiBase}${path}`, { headers })).json()) as { data: Array<{ id: number }> }).data[0]?.id ?? 0;
  return {
    listing: await first('/classifieds?has_photo=1&fields=id&limit=1'),
    myListing: await first('/classifieds/my?has_photo=1&fields=id&limit=1'),
  };
}

/** The demo user's latest conversation (the seed's "Contact seller" about one of their listings; 0 when none). */
async function conversationId(apiBase: string, token: string): Promise<{ conversation: number }> {
  const res = await fetch(`${apiBase}/messages/inbox?fields=id&limit=1`, { headers: { authorization: `Bearer ${token}` } });
  const list = res.ok ? ((await res.json()) as { data: Array<{ id: number }> }) : { data: [] };
  return { conversation: list.data[0]?.id ?? 0 };
}

/** The demo user's latest video (the seed's, made with --media; 0 without ffmpeg, and its pages are then reported missing). */
async function videoId(apiBase: string, token: string): Promise<{ video: number }> {
  const res = await fetch(`${apiBase}/videos/my?fields=id&limit=1`, { headers: { authorization: `Bearer ${token}` } });
  const list = res.ok ? ((await res.json()) as { data: Array<{ id: number }> }) : { data: [] };
  return { video: list.data[0]?.id ?? 0 };
}

/** The demo user's latest playlist (0 when none: its pages are then reported missing). */
async function playlistId(apiBase: string, token: string): Promise<{ playlist: number }> {
  const res = await fetch(`${apiBase}/music/my?fields=id&limit=1`, { headers: { authorization: `Bearer ${token}` } });
  const list = res.ok ? ((await res.json()) as { data: Array<{ id: number }> }) : { data: [] };
  return { playlist: list.data[0]?.id ?? 0 };
}

/** One of the demo user's upcoming events (0 when none). */
async function eventId(apiBase: string, token: string): Promise<{ event: number }> {
  const headers = { authorization: `Bearer ${token}` };
  const list = (await (
    await fetch(`${apiBase}/events/my?fields=id&limit=1&view=only_events_i_lead&when=upcoming`, { headers })
  ).json()) as { data: Array<{ id: number }> };
  return { event: list.data[0]?.id ?? 0 };
}

/** The first of the groups the demo user leads (0 when none). */
async function groupId(apiBase: string, token: string): Promise<{ group: number }> {
  const headers = { authorization: `Bearer ${token}` };
  const list = (await (await fetch(`${apiBase}/groups/my?fields=id&limit=1&show=only_groups_i_lead`, { headers })).json()) as {
    data?: Array<{ id: number }>;
  };
  return { group: list.data?.[0]?.id ?? 0 };
}

// ---- the scripts of a page ---------------------------------------------------------------

/** Where a page names a script: a <script src>, a preload, the RSC payload, another inline script. */
type ScriptSource = 'script' | 'preload' | 'rsc' | 'inline';

/**
 * Every script a modern browser loads for the page before it is interactive: its
 * <script src> (not the `nomodule` polyfills only old browsers fetch), its script preloads,
 * and every chunk named in the inline scripts — the RSC payload (`self.__next_f.push([1,"…"])`,
 * escaped JSON, which names the client chunks of the page's client components) and
 * Turbopack's chunk list. Answers absolute paths (/_next/static/chunks/…).
 */
function pageScripts(html: string): Map<string, Set<ScriptSource>> {
  const urls = new Map<string, Set<ScriptSource>>();
  const add = (url: string, from: ScriptSource) => urls.set(url, (urls.get(url) ?? new Set()).add(from));
  const noModule = new Set<string>();
  const chunksIn = (text: string, from: ScriptSource) => {
    for (const m of text.matchAll(/(?:\/_next\/)?static\/chunks\/[^"'\s\\<>]+?\.js(?![\w.])/g))
      add(m[0].startsWith('/') ? m[0] : `/_next/${m[0]}`, from);
  };
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1]!;
    // A chunk the production server holds until the first paint is a data block naming it in
    // `data-src` (web-server/scripts-after-paint.ts): fetched on every load all the same.
    const src = (attrs.includes(` type="${WAITING_SCRIPT_TYPE}"`) ? /\sdata-src="([^"]+)"/ : /\ssrc="([^"]+)"/).exec(attrs)?.[1];
    if (src) {
      if (/\snomodule\b/i.test(attrs)) noModule.add(unescapeHtml(src));
      else add(unescapeHtml(src), 'script');
      continue;
    }
    const body = m[2]!;
    const push = /^\s*self\.__next_f\.push\(([\s\S]*)\)\s*;?\s*$/.exec(body);
    if (push) {
      try {
        const args = JSON.parse(push[1]!) as unknown[];
        for (const a of args) if (typeof a === 'string') chunksIn(a, 'rsc');
        continue;
      } catch {
        // not plain JSON: read it as it is
      }
    }
    chunksIn(body, 'inline');
  }
  for (const m of html.matchAll(/<link\b([^>]*)>/g)) {
    const attrs = m[1]!;
    const rel = /\srel="([^"]+)"/.exec(attrs)?.[1] ?? '';
    const as = /\sas="([^"]+)"/.exec(attrs)?.[1] ?? '';
    const href = /\shref="([^"]+)"/.exec(attrs)?.[1];
    // The production server marks script preloads (WAITING_PRELOAD_REL) until the first paint
    // (web-server/scripts-after-paint.ts): fetched on every load all the same.
    if (href && (((rel === 'preload' || rel === WAITING_PRELOAD_REL) && as === 'script') || rel === 'modulepreload'))
      add(unescapeHtml(href), 'preload');
  }
  for (const u of noModule) urls.delete(u);
  return urls;
}

/** Each script is fetched once, whichever pages name it. */
const downloaded = new Map<string, Buffer>();
async function download(url: string): Promise<Buffer> {
  let body = downloaded.get(url);
  if (!body) {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    body = Buffer.from(await res.arrayBuffer());
    downloaded.set(url, body);
  }
  return body;
}

export interface FirstLoad {
  label: string;
  /** Its budget, KiB. */
  budgetKiB: number;
  /** Code asked for as soon as the page runs, outside its first load: judged with it. */
  afterLoad?: AfterLoad;
  status: number;
  files: number;
  /** Each script counted: its path, gzip size and where the page names it. */
  scripts: Array<{ src: string; gzip: number; from: ScriptSource[] }>;
  raw: number;
  gzip: number;
  /** 404 on a page that may not be built yet: reported, not judged. */
  missing: boolean;
}

interface AfterLoad {
  what: string;
  files: number;
  gzip: number;
  /** Each chunk counted: its path and gzip size. */
  scripts: Array<{ src: string; gzip: number }>;
}

/**
 * What a page asks for as soon as it runs, outside its first load: every chunk of the dynamic
 * import that brings `marker`. Turbopack's loader of a dynamic import names its chunks in a list
 * (`["static/chunks/….js", …]`) in the script that imports; a chunk so loaded may hold the loader
 * of the next (the editor comes in steps, each asking for the next: rich-text-field.tsx), so a
 * list's chunks are followed down through the lists they hold. Each list in a first-load script
 * counts, with everything it leads to outside the first load, when one of those chunks (fetched
 * from the server, as the browser does) holds the marker. No file: no loader leads to the
 * marker (the run is then not valid).
 */
async function chunksAfterLoad(origin: string, what: string, marker: string, loaded: FirstLoad['scripts']): Promise<AfterLoad> {
  const first = new Set(loaded.map((c) => new URL(c.src, origin).pathname));
  const bodies = new Map<string, Promise<string>>();
  const body = (src: string) => {
    if (!bodies.has(src))
      bodies.set(
        src,
        download(new URL(src, origin).href).then((b) => b.toString()),
      );
    return bodies.get(src)!;
  };
  const loaderLists = (text: string) =>
    [...text.matchAll(/\[((?:\s*"static\/chunks\/[^"\\]+\.js"\s*,?)+)\]/g)].map((list) =>
      [...list[1]!.matchAll(/"(static\/chunks\/[^"\\]+\.js)"/g)].map((m) => `/_next/${m[1]}`),
    );
  /** The chunks of a loader's list and of every list they hold, down the chain. */
  const reach = async (list: string[], seen: Set<string>): Promise<Set<string>> => {
    for (const src of list) {
      if (seen.has(src)) continue;
      seen.add(src);
      // A chunk of the first load is looked into on its own (the outer loop).
      if (first.has(src)) continue;
      for (const next of loaderLists(await body(src))) await reach(next, seen);
    }
    return seen;
  };
  const later = new Map<string, number>();
  for (const c of loaded) {
    for (const list of loaderLists(await body(c.src))) {
      const chunks = [...(await reach(list, new Set()))].filter((src) => !first.has(src));
      const texts = await Promise.all(chunks.map(body));
      if (!texts.some((t) => t.includes(marker))) continue;
      chunks.forEach((src, i) => later.set(src, gzip9(Buffer.from(texts[i]!))));
    }
  }
  const scripts = [...later].map(([src, gzip]) => ({ src, gzip }));
  return { what, files: scripts.length, gzip: scripts.reduce((n, c) => n + c.gzip, 0), scripts };
}

async function firstLoadJs(
  origin: string,
  pagePath: string,
  cookie: string,
  label: string,
  maybeMissing: boolean,
  budgetKiB: number,
): Promise<FirstLoad> {
  const res = await fetch(`${origin}${pagePath}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  const html = await res.text();
  if (res.status === 404 && maybeMissing) return { label, budgetKiB, status: 404, files: 0, scripts: [], raw: 0, gzip: 0, missing: true };
  const scripts = res.status === 200 ? pageScripts(html) : new Map<string, Set<ScriptSource>>();
  const counted: FirstLoad['scripts'] = [];
  let raw = 0;
  for (const [src, from] of scripts) {
    const body = await download(new URL(src, origin).href);
    raw += body.length;
    counted.push({ src, gzip: gzip9(body), from: [...from] });
  }
  const gzip = counted.reduce((n, c) => n + c.gzip, 0);
  return { label, budgetKiB, status: res.status, files: counted.length, scripts: counted, raw, gzip, missing: false };
}

// ---- measuring and judging ---------------------------------------------------------------

/** What a page's budget is held against: its first load, and what it loads once it runs. */
export const judgedJs = (f: FirstLoad) => f.gzip + (f.afterLoad?.gzip ?? 0);

/** A page within its budget: it answered 200, its after-load code was found, and both together fit. */
export const withinBudget = (f: FirstLoad) =>
  f.status === 200 && (!f.afterLoad || f.afterLoad.files > 0) && judgedJs(f) <= f.budgetKiB * 1024;

/**
 * Every page of JS_PAGES, in order: the web app's signed in with `cookie` where the page asks
 * for it. Answers each page's figures, and what made the measurement not valid (an editor page
 * whose editor was not found).
 */
export async function measureJs(o: {
  web: string;
  bare: string;
  apiBase: string;
  token: string;
  cookie: string;
}): Promise<{ pages: FirstLoad[]; problems: string[] }> {
  const pages: FirstLoad[] = [];
  const problems: string[] = [];
  for (const p of await benchPages(o.apiBase, o.token)) {
    const origin = p.server === 'web' ? o.web : o.bare;
    const f = await firstLoadJs(
      origin,
      p.path,
      p.signedIn ? o.cookie : '',
      p.label,
      p.maybeMissing ?? false,
      p.budgetKiB ?? FIRST_LOAD_JS_KIB,
    );
    if (p.afterLoad && f.status === 200) {
      f.afterLoad = await chunksAfterLoad(origin, p.afterLoad.what, p.afterLoad.marker, f.scripts);
      if (!f.afterLoad.files)
        problems.push(`${f.label}: none of its scripts loads a chunk holding "${p.afterLoad.marker}" (${p.afterLoad.what} not found)`);
    }
    pages.push(f);
  }
  problems.push(...(await pageCodeOnItsPages(o.web, pages)));
  return { pages, problems };
}

/**
 * Code that belongs to some pages alone, told by a word only it holds: the conversation's (its
 * poll's address, components/messages/use-conversation-poll.ts; issue 47) on the messages' pages,
 * the link video's player (the player's address, lib/videos/players.ts; issue 49) on a video's
 * page, and the site's music player (its element's id, components/music/music-player.tsx; issue 49)
 * on none: it loads only once something is played. `holder`: a page whose first load must hold it (else the marker no longer finds it and the
 * check says nothing), when that page was measured.
 */
const PAGE_CODE = [
  { what: "the conversation's code", marker: '/api/messages/', ours: /^\/messages/, holder: /^\/messages\/\d+/ },
  { what: "the video player's code", marker: 'youtube-nocookie.com', ours: /^\/videos\/\d+$/, holder: undefined },
  { what: "the music player's code", marker: 'site-music-player', ours: /^$/, holder: undefined },
] as const;

/** No page's first load holds code that belongs to other pages (PAGE_CODE), and the pages it belongs to do. */
async function pageCodeOnItsPages(origin: string, pages: FirstLoad[]): Promise<string[]> {
  const problems: string[] = [];
  for (const f of pages) {
    if (f.status !== 200 || !f.label.startsWith('/')) continue;
    const bodies = await Promise.all(f.scripts.map((c) => download(new URL(c.src, origin).href)));
    for (const code of PAGE_CODE) {
      const holds = bodies.some((b) => b.includes(code.marker));
      const path = f.label.split(' ')[0]!;
      if (holds && !code.ours.test(path))
        problems.push(`${f.label}: its first load holds ${code.what} (${code.marker}), which belongs to other pages alone`);
      if (!holds && code.holder?.test(path)) problems.push(`${f.label}: ${code.what} (${code.marker}) was not found in its first load`);
    }
  }
  return problems;
}

/** The pages the bench measures (JS_PAGES), their ids filled in from the API as the demo user sees it. */
export async function benchPages(apiBase: string, token: string): Promise<JsPage[]> {
  const ids = {
    ...(await activityId(apiBase, token)),
    ...(await albumAndPhoto(apiBase, token)),
    ...(await blogIds(apiBase, token)),
    ...(await listingId(apiBase, token)),
    ...(await eventId(apiBase, token)),
    ...(await conversationId(apiBase, token)),
    ...(await groupId(apiBase, token)),
    ...(await videoId(apiBase, token)),
    ...(await playlistId(apiBase, token)),
  };
  const fill = (text: string) =>
    text.replace(
      /\{(activity|album|photo|blog|myBlog|listing|myListing|event|conversation|group|video|playlist)\}/g,
      (_, k: keyof typeof ids) => String(ids[k]),
    );
  return JS_PAGES.map((p) => ({ ...p, label: fill(p.label), path: fill(p.path) }));
}
