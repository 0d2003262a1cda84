// The bell's count — and the envelope's beside it, the unread conversations the same answer
// carries — current on every signed-in page and shared by all the site's tabs: one tab
// polls GET /api/notifications/count, the others listen. The tab that polls is the one holding a
// Web Lock (the browser gives it to one tab at a time and to the next waiting one when that tab
// closes); what it learns goes to every tab on a BroadcastChannel. It polls every 20 s while
// visible and every 2 min while hidden (a visible tab that does not lead asks it for a fresh
// count when it becomes visible and every 20 s; it polls at most every 10 s for them),
// and backs off, up to 5 min, while the server is slow or failing. Written by hand: it is the
// browser's own two primitives and a timer, smaller than any library that wraps them.

const CHANNEL = 'social:notifications';
const LOCK = 'social:bell-poll';
const POLL_MS = 20_000;
const HIDDEN_MS = 120_000;
const MAX_MS = 300_000;
/** An answer slower than this counts as the server struggling: the next poll waits longer. */
const SLOW_MS = 5_000;
/** A tab that becomes visible gets a fresh count unless one is this recent. */
const FRESH_MS = 10_000;

/** What the header shows: unread notifications, and unread conversations (null: no envelope). */
export interface HeaderCounts {
  notifications: number;
  messages: number | null;
}

type Message = { type: 'count'; count: number; messages?: number | null } | { type: 'wake' };

const countOf = (n: unknown): number | null => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : null);

/**
 * Counts this tab learned outside the poll (opening a conversation reads it: the envelope's count
 * drops): every tab's header hears them, as it hears the poll's.
 */
export function shareCounts(counts: HeaderCounts): void {
  if (typeof BroadcastChannel !== 'function') return;
  // A channel of its own: the message reaches every other object of that name, this tab's poll among them.
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ type: 'count', count: counts.notifications, messages: counts.messages } satisfies Message);
  channel.close();
}

/** Starts listening (and polling when this tab leads); `onCounts` hears every count; answers the stop. */
export function startBellPoll(onCounts: (counts: HeaderCounts) => void): () => void {
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  const stop = new AbortController();
  let leader = false;
  let delay = POLL_MS;
  let lastPoll = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = () => {
    clearTimeout(timer);
    if (!leader || stop.signal.aborted) return;
    timer = setTimeout(poll, document.visibilityState === 'visible' ? delay : Math.max(delay, HIDDEN_MS));
  };

  async function poll() {
    lastPoll = Date.now();
    try {
      const res = await fetch('/api/notifications/count', {
        cache: 'no-store',
        signal: AbortSignal.any([stop.signal, AbortSignal.timeout(15_000)]),
      });
      if (res.status === 401) return; // Signed out: nothing to poll until the next sign-in's page.
      if (!res.ok) throw new Error(String(res.status));
      const answer = (await res.json()) as { count: unknown; messages?: unknown };
      const count = countOf(answer.count);
      if (count !== null) {
        const messages = countOf(answer.messages);
        onCounts({ notifications: count, messages });
        channel?.postMessage({ type: 'count', count, messages } satisfies Message);
      }
      delay = Date.now() - lastPoll > SLOW_MS ? Math.min(delay * 2, MAX_MS) : POLL_MS;
    } catch {
      if (stop.signal.aborted) return;
      delay = Math.min(delay * 2, MAX_MS);
    }
    schedule();
  }

  const pollSoon = () => {
    if (Date.now() - lastPoll < FRESH_MS) return;
    clearTimeout(timer);
    void poll();
  };

  if (channel) {
    channel.onmessage = (event: MessageEvent<Message>) => {
      const data = event.data;
      if (data?.type === 'count' && countOf(data.count) !== null) onCounts({ notifications: data.count, messages: countOf(data.messages) });
      else if (data?.type === 'wake' && leader) pollSoon();
    };
  }

  if (navigator.locks) {
    navigator.locks
      .request(LOCK, { signal: stop.signal }, () => {
        leader = true;
        schedule();
        // Held until this tab's bell goes away (its page closes).
        return new Promise<void>((release) => stop.signal.addEventListener('abort', () => release()));
      })
      .catch(() => {});
  } else {
    // No Web Locks (an old browser): each tab polls for itself.
    leader = true;
    schedule();
  }

  const onVisibility = () => {
    if (document.visibilityState !== 'visible') return;
    if (leader) pollSoon();
    else channel?.postMessage({ type: 'wake' } satisfies Message);
  };
  document.addEventListener('visibilitychange', onVisibility);
  // A visible tab that does not lead asks the leader (perhaps hidden, polling slowly) to keep its count fresh.
  const nudge = setInterval(() => {
    if (!leader && document.visibilityState === 'visible') channel?.postMessage({ type: 'wake' } satisfies Message);
  }, POLL_MS);

  return () => {
    stop.abort();
    clearTimeout(timer);
    clearInterval(nudge);
    channel?.close();
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
