// The crowd of `npm run bench:site` (issue 50 §3): signed-in members who use the site as people
// do, through the web app's front door only (its pages, the header's count poll, its server
// actions), on an open loop. Visits arrive at a set rate whatever the answers do, each one's
// latency counted from the moment it was due (bench/open-loop.ts says why); each visit goes to a
// member picked at random, so with N members at R visits a second each member's think time is
// N/R seconds on average. Arrivals are a Poisson process (exponential gaps, seeded), as
// independent people's are.
//
// What a visit is: one of KINDS, drawn by weight — mostly reading (the feed, a post, lists with
// filters, search, a profile, notifications, messages, a group), now and then writing (a like
// or its undo, a comment, a post, a friend request, a message). A member goes where their own
// pages led them: the posts, listings, people, conversations and groups their last pages linked
// to (so nobody asks for a page they could not have reached, which would answer 404 by design).
import { rng, type Rng } from '../api-server/src/seed/random.ts';
import { routes } from '../lib/routes.ts';
import { percentile } from './stats.ts';

export interface CrowdMember {
  id: number;
  /** The web app's cookies for this member's session. */
  cookie: string;
  /** What this member's pages linked to lately (newest first, a few of each). */
  seen: Record<Target, number[]>;
  /** Posts this member liked through the crowd (the next like on one of them is its undo). */
  liked: Set<number>;
}

type Target = 'activity' | 'listing' | 'user' | 'conversation' | 'group';

/** The server actions the crowd calls, by id (the build's server-reference-manifest.json). */
export interface CrowdActions {
  setLike: string;
  postComment: string;
  createPost: string;
  changeFriendship: string;
  sendReply: string;
}

/** The words the search draws from (seed/world.ts WORDS: found in many posts at any scale). */
const SEARCH_WORDS = ['coffee', 'lake', 'concert', 'garden', 'train', 'market', 'hike', 'beach', 'bread', 'movie'];
const PLACES = ['Lyon', 'Paris', 'Berlin', 'Lisbon', 'Boston', 'Seattle', 'Osaka', 'Lagos'];

export const KINDS = {
  // Reading: 90 in 100 visits.
  feed: 22,
  'count poll': 10,
  post: 8,
  notifications: 7,
  search: 7,
  profile: 7,
  'listings filtered': 6,
  listing: 3,
  'events month': 4,
  albums: 3,
  friends: 3,
  inbox: 4,
  conversation: 3,
  group: 3,
  // Writing: 10 in 100.
  like: 4,
  comment: 2,
  'new post': 1.5,
  'friend request': 1,
  message: 1.5,
} as const;
export type Kind = keyof typeof KINDS;
const KIND_LIST = Object.keys(KINDS) as Kind[];
const WRITES: ReadonlySet<Kind> = new Set<Kind>(['like', 'comment', 'new post', 'friend request', 'message']);
export const isWrite = (kind: Kind) => WRITES.has(kind);

/** A kind drawn by weight, among `kinds`. */
function drawKind(r: Rng, kinds: readonly Kind[]): Kind {
  const total = kinds.reduce((a, k) => a + KINDS[k], 0);
  let x = r.next() * total;
  for (const k of kinds) {
    x -= KINDS[k];
    if (x < 0) return k;
  }
  return 'feed';
}

// ---- one visit ---------------------------------------------------------------------------

interface Request {
  path: string;
  /** A server action: its id and its arguments (JSON) or its form fields (a FormData argument). */
  action?: { id: string; json?: unknown; form?: Record<string, string> };
  /** Called with the answer's text when it succeeded: what the page linked to. */
  ok: (text: string, status: number, contentType: string) => boolean;
}

/**
 * A whole page: 200, HTML to its end, and no error streamed into it (an error or a "not found"
 * thrown after the first bytes left carries its digest, data-dgst; app/(site)/error.tsx's words).
 */
const isPage = (text: string, status: number, type: string) =>
  status === 200 &&
  type.startsWith('text/html') &&
  text.includes('</html>') &&
  !text.includes('data-dgst') &&
  !text.includes('This page could not be shown');
const actionOk = (text: string, status: number) => status === 200 && text.includes('"ok":true');

const LINKED: Record<string, Target> = {
  activities: 'activity',
  listings: 'listing',
  users: 'user',
  messages: 'conversation',
  groups: 'group',
};

/** Remembers what a page linked to, newest first, at most 30 of each. */
export function remember(member: CrowdMember, html: string, exceptSelf = true) {
  const found: Record<Target, Set<number>> = {
    activity: new Set(),
    listing: new Set(),
    user: new Set(),
    conversation: new Set(),
    group: new Set(),
  };
  for (const m of html.matchAll(/href="\/(activities|listings|users|messages|groups)\/(\d+)[?"#]/g)) {
    const kind = LINKED[m[1]!]!;
    const id = Number(m[2]);
    if (kind === 'user' && exceptSelf && id === member.id) continue;
    found[kind].add(id);
  }
  // The inbox opens a conversation beside the list (/messages?open=12).
  for (const m of html.matchAll(/href="\/messages\?open=(\d+)["&]/g)) found.conversation.add(Number(m[1]));
  for (const kind of Object.keys(found) as Target[]) {
    if (!found[kind].size) continue;
    member.seen[kind] = [...new Set([...found[kind], ...member.seen[kind]])].slice(0, 30);
  }
}

function pageVisit(member: CrowdMember, path: string): Request {
  return {
    path,
    ok: (text, status, type) => {
      if (!isPage(text, status, type)) return false;
      remember(member, text);
      return true;
    },
  };
}

/**
 * The request a visit of `kind` makes for `member`, or null when their pages have not led them
 * anywhere it needs yet (then the visit is a feed's).
 */
function visit(kind: Kind, member: CrowdMember, r: Rng, actions: CrowdActions, maxUserId: number, n: number): Request | null {
  const seen = (t: Target) => (member.seen[t].length ? r.pick(member.seen[t]) : null);
  /** The page of something the member's pages linked to, or null while they linked to none. */
  const linked = (t: Target, href: (id: number) => string) => {
    const id = seen(t);
    return id === null ? null : pageVisit(member, href(id));
  };
  switch (kind) {
    case 'feed':
      return pageVisit(member, '/');
    case 'count poll':
      return { path: '/api/notifications/count', ok: (text, status) => status === 200 && text.startsWith('{') };
    case 'post':
      return linked('activity', routes.activity);
    case 'notifications':
      return pageVisit(member, '/notifications');
    case 'search':
      return pageVisit(member, `/search?q=${r.pick(SEARCH_WORDS)}`);
    case 'profile':
      return linked('user', routes.user);
    case 'listings filtered': {
      // A place and a price range, and now and then words too.
      const words = r.chance(0.3) ? `q=${r.pick(SEARCH_WORDS)}&` : '';
      const min = r.int(0, 20) * 10;
      return pageVisit(member, `/listings?${words}where=${r.pick(PLACES)}&min=${min}&max=${min + r.int(5, 50) * 10}`);
    }
    case 'listing':
      return linked('listing', routes.listing);
    case 'events month':
      return pageVisit(member, '/events?view=calendar');
    case 'albums':
      return pageVisit(member, '/albums');
    case 'friends':
      return pageVisit(member, '/friends');
    case 'inbox':
      return pageVisit(member, '/messages');
    case 'conversation':
      // As the inbox opens it: beside the list.
      return linked('conversation', (id) => routes.messages({ open: id }));
    case 'group':
      return linked('group', routes.group);
    case 'like': {
      const id = seen('activity');
      if (id === null) return null;
      const like = !member.liked.has(id);
      return {
        path: '/',
        action: { id: actions.setLike, json: { item: { type: 'activity', id }, like } },
        ok: (text, status) => {
          // A post the member had liked before the crowd came is answered so: it is theirs to undo next.
          const already = status === 200 && like && text.includes('You already like this.');
          if (already || actionOk(text, status)) {
            if (like) member.liked.add(id);
            else member.liked.delete(id);
          }
          return already || actionOk(text, status);
        },
      };
    }
    case 'comment': {
      const id = seen('activity');
      if (id === null) return null;
      return {
        path: '/',
        action: { id: actions.postComment, json: { item: { type: 'activity', id }, body: `Nice one (crowd ${member.id}-${n})` } },
        ok: actionOk,
      };
    }
    case 'new post':
      return {
        path: '/',
        action: { id: actions.createPost, json: { body: `A walk by the ${r.pick(SEARCH_WORDS)} today (crowd ${member.id}-${n})` } },
        ok: actionOk,
      };
    case 'friend request': {
      // Someone from anywhere on the site: a stranger, mostly. One already a friend or asked
      // before is answered so, as the profile's button would be told.
      let userId = r.int(1, maxUserId);
      if (userId === member.id) userId = userId === 1 ? 2 : userId - 1;
      return {
        path: `/users/${userId}`,
        action: { id: actions.changeFriendship, json: { action: 'add', userId } },
        ok: (text, status) => actionOk(text, status) || (status === 200 && /already|friends with|sent you a request/i.test(text)),
      };
    }
    case 'message': {
      const id = seen('conversation');
      if (id === null) return null;
      return {
        path: `/messages/${id}`,
        action: {
          id: actions.sendReply,
          form: { conversationId: String(id), body: `On my way (crowd ${member.id}-${n})`, back: `/messages/${id}` },
        },
        ok: actionOk,
      };
    }
  }
}

export interface Answer {
  kind: Kind;
  ok: boolean;
  /** From when it was due to the last byte of the answer (ms). */
  ms: number;
  /** Why it failed (status, or the error). */
  why?: string;
}

/** Sends one request as the browser does (a page, or a server action as React posts it). */
async function send(origin: string, member: CrowdMember, req: Request): Promise<{ ok: boolean; why?: string }> {
  const headers: Record<string, string> = { cookie: member.cookie, accept: 'text/html' };
  let body: string | FormData | undefined;
  if (req.action) {
    headers.accept = 'text/x-component';
    headers.origin = origin;
    headers['next-action'] = req.action.id;
    if (req.action.form) {
      // React's encoding of (previousState = null, formData): the form's fields under "_1_", the
      // arguments as field "0" ("$K1" is that form).
      const form = new FormData();
      for (const [k, v] of Object.entries(req.action.form)) form.append(`_1_${k}`, v);
      form.append('0', JSON.stringify([null, '$K1']));
      body = form;
    } else {
      headers['content-type'] = 'text/plain;charset=UTF-8';
      body = JSON.stringify([req.action.json]);
    }
  }
  try {
    const res = await fetch(`${origin}${req.path}`, {
      method: req.action ? 'POST' : 'GET',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    const ok = req.ok(text, res.status, res.headers.get('content-type') ?? '');
    return ok
      ? { ok }
      : { ok, why: `${res.status} ${req.path}${req.action ? ' (action)' : ''}: ${text.slice(0, 160).replace(/\s+/g, ' ')}` };
  } catch (e) {
    return { ok: false, why: `${req.path}: ${String((e as { cause?: unknown }).cause ?? e)}` };
  }
}

export interface CrowdOptions {
  origin: string;
  members: CrowdMember[];
  actions: CrowdActions;
  /** Visits a second. */
  rate: number;
  seconds: number;
  /** The highest member id on the site (friend requests go anywhere). */
  maxUserId: number;
  seed: number;
  /** Only this kind (a kind's own CPU cost is measured so). */
  only?: Kind;
  /** Kinds left out of the mix (the others' weights keep their proportions). */
  without?: readonly Kind[];
}

/** The crowd at `rate` visits a second for `seconds`: every answer, once all are in. */
export async function crowd(o: CrowdOptions): Promise<Answer[]> {
  const r = rng(o.seed);
  const kinds = KIND_LIST.filter((k) => !o.without?.includes(k));
  const start = performance.now() + 20;
  const end = start + o.seconds * 1000;
  const pending: Array<Promise<Answer>> = [];
  let due = start;
  for (let n = 0; ; n += 1) {
    due += (-Math.log(1 - r.next()) * 1000) / o.rate;
    if (due > end) break;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const member = r.pick(o.members);
    let kind = o.only ?? drawKind(r, kinds);
    let req = visit(kind, member, r, o.actions, o.maxUserId, n);
    if (!req) {
      kind = 'feed';
      req = visit(kind, member, r, o.actions, o.maxUserId, n)!;
    }
    const at = due;
    pending.push(send(o.origin, member, req).then(({ ok, why }) => ({ kind, ok, ms: performance.now() - at, why })));
  }
  return Promise.all(pending);
}

/** Each member's first pages, not timed: what their feed, inbox, listings and groups link to. */
export async function lookAround(origin: string, members: CrowdMember[]): Promise<void> {
  for (const member of members)
    for (const path of ['/', '/messages', '/listings', '/groups/my', '/friends']) {
      const { ok, why } = await send(origin, member, pageVisit(member, path));
      if (!ok) throw new Error(`member ${member.id} could not open ${path}: ${why}`);
    }
}

export const newMember = (id: number, cookie: string): CrowdMember => ({
  id,
  cookie,
  seen: { activity: [], listing: [], user: [], conversation: [], group: [] },
  liked: new Set(),
});

export interface KindSummary {
  kind: Kind;
  n: number;
  failed: number;
  p50: number;
  /** A failed answer counts as infinitely slow. */
  p99: number;
}

/** Answers summed up by kind, in KINDS order. */
export function summarize(answers: Answer[]): KindSummary[] {
  return KIND_LIST.map((kind) => {
    const mine = answers.filter((a) => a.kind === kind);
    return {
      kind,
      n: mine.length,
      failed: mine.filter((a) => !a.ok).length,
      p50: percentile(
        mine.filter((a) => a.ok).map((a) => a.ms),
        0.5,
      ),
      p99: percentile(
        mine.map((a) => (a.ok ? a.ms : Infinity)),
        0.99,
      ),
    };
  }).filter((s) => s.n > 0);
}
