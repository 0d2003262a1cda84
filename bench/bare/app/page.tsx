// The bare page `npm run bench` compares the feed with: one request to the API per render,
// with the token the bench got (a new one by the password grant when the API refuses it: it
// lives an hour, the full bench runs longer, as the product renews its own), and every field
// the feed asks for rendered as plain markup (the owner summaries of likers and of comment
// authors with their name and picture, the comments' dates and likes, the can_* flags as plain
// buttons). No client component, no stylesheet, no parsing library: the least a Next server can
// do to render the same feed.
// (The API cleans `content` itself; the product sanitizes it again, this page does not.)

export const dynamic = 'force-dynamic';

/** The fields the product's feed asks for (lib/social-api/activities.ts, FEED_FIELDS). */
const FIELDS = [
  'id',
  'owner',
  'content',
  'attachments',
  'timestamp',
  'is_liked',
  'can_like',
  'total_like',
  'user_liked',
  'can_comment',
  'total_comment',
  'comments',
  'can_delete',
  'can_share',
].join(',');

interface Owner {
  id: number;
  title?: string;
  imgs?: { icon?: string; normal?: string; profile?: string; original?: string };
}
interface Attachment {
  id?: number;
  type?: string;
  title?: string;
  description?: string;
  img?: string;
  href?: string;
  width?: number;
  height?: number;
}
interface Comment {
  id: number;
  owner?: Owner;
  body?: string;
  date?: string;
  is_liked?: boolean;
  total_like?: number;
  can_delete?: boolean;
}
interface Activity {
  id: number;
  owner?: Owner;
  content?: string;
  attachments?: Attachment[];
  timestamp?: number;
  is_liked?: boolean;
  can_like?: boolean;
  total_like?: number;
  user_liked?: Owner[];
  can_comment?: boolean;
  total_comment?: number;
  comments?: Comment[];
  can_delete?: boolean;
  can_share?: boolean;
}

function Person({ o }: { o: Owner | undefined }) {
  return (
    <a href={`/users/${o?.id}`}>
      {picture(o) ? <img src={picture(o)} alt="" width={32} height={32} /> : null}
      {o?.title}
    </a>
  );
}

const picture = (o: Owner | undefined) => o?.imgs?.icon || o?.imgs?.normal || '';

/**
 * An attachment picture's box, as its file will fill it, so that the reference reserves it as the
 * product does (without it, a picture that arrives pushes the posts under it down). The API gives the
 * original's width and height; the file is its `/500.jpg`-style size, the original fitted inside
 * 500×500 and never enlarged (api-server/src/storage/images.ts).
 */
function pictureBox(x: Attachment): { width: number; height: number } | undefined {
  const fit = Number(/\/(\d+)\.\w+$/.exec(x.img ?? '')?.[1]);
  if (!x.width || !x.height || !fit) return undefined;
  const scale = Math.min(1, fit / Math.max(x.width, x.height));
  return { width: Math.round(x.width * scale), height: Math.round(x.height * scale) };
}

let token = process.env.BENCH_TOKEN ?? '';

/** A new token by the password grant the bench passed (bench/sign-in.ts, passwordGrant). */
async function renewToken(): Promise<string> {
  const res = await fetch(`${process.env.SOCIAL_API_URL}/oauth/token`, {
    method: 'POST',
    headers: { authorization: process.env.BENCH_GRANT_AUTHORIZATION ?? '', 'content-type': 'application/x-www-form-urlencoded' },
    body: process.env.BENCH_GRANT_BODY,
    cache: 'no-store',
  });
  const body = (await res.json()) as { access_token?: string };
  if (!res.ok || !body.access_token) throw new Error(`the password grant answered ${res.status}`);
  return body.access_token;
}

const askFeed = () =>
  fetch(`${process.env.SOCIAL_API_URL}/activities?limit=15&fields=${FIELDS}`, {
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    cache: 'no-store',
  });

/** The feed's first page, asked again with a new token when the API refused the one held. */
async function readFeed(): Promise<Response> {
  const res = await askFeed();
  if (res.status !== 401) return res;
  token = await renewToken();
  return askFeed();
}

export default async function BarePage() {
  const res = await readFeed();
  if (!res.ok) throw new Error(`GET /activities answered ${res.status}`);
  const { data } = (await res.json()) as { data: { items: Activity[] } };

  return (
    <main>
      <h1>Feed</h1>
      <div role="feed">
        {data.items.map((a) => (
          <article key={a.id}>
            <header>
              {picture(a.owner) ? <img src={picture(a.owner)} alt="" width={40} height={40} /> : null}
              <b>{a.owner?.title}</b>{' '}
              <time dateTime={new Date((a.timestamp ?? 0) * 1000).toISOString()}>{new Date((a.timestamp ?? 0) * 1000).toUTCString()}</time>
            </header>
            <div dangerouslySetInnerHTML={{ __html: a.content ?? '' }} />
            {(a.attachments ?? []).map((x, i) => (
              <p key={i}>
                <a href={x.href}>
                  {x.img ? <img src={x.img} alt={x.title ?? ''} {...pictureBox(x)} /> : null}
                  {x.title}
                </a>
                {x.description ? <span> {x.description}</span> : null}
              </p>
            ))}
            <p>
              {a.can_like ? <button>{a.is_liked ? 'Unlike' : 'Like'}</button> : null} {a.total_like ?? 0} likes
              {a.can_comment ? <button>Comment</button> : null}
              {a.can_share ? <button>Share</button> : null}
              {a.can_delete ? <button>Delete</button> : null}
            </p>
            {a.user_liked?.length ? (
              <p>
                Liked by{' '}
                {a.user_liked.map((o) => (
                  <Person key={o.id} o={o} />
                ))}
              </p>
            ) : null}
            <p>{a.total_comment ?? 0} comments</p>
            {a.comments?.length ? (
              <ul>
                {a.comments.map((c) => (
                  <li key={c.id}>
                    <Person o={c.owner} /> {c.body} <time>{c.date}</time> {c.total_like ?? 0} likes{' '}
                    <button>{c.is_liked ? 'Unlike' : 'Like'}</button>
                    {c.can_delete ? <button>Delete</button> : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </article>
        ))}
      </div>
    </main>
  );
}
