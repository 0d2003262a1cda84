'use client';

import {
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { callAction } from '@/lib/action-result';
import { deserialize, type Serialized } from '@/lib/serialized';
import type { Activity, FeedPage } from '@/lib/social-api/activities';
import { useViewer } from '@/components/auth/viewer-context';
import { useAnnounce } from '@/components/ui/announcer';
import { buttonStyles } from '@/components/ui/button';
import { useLatest } from '@/components/ui/use-latest';
import { NOTIFICATION_COUNT_EVENT } from '@/components/notifications/count-event';
import { checkForUpdates, loadNewerActivities, loadOlderActivities } from './actions';
import { ActivityCard } from './activity-card';
import { FeedContext, type FeedContextValue } from './feed-context';

/** How often the feed looks for new posts while the tab is visible (the issue: 30–60 s). */
const POLL_INTERVAL_MS = 45_000;

/**
 * How many of the first page's posts the server writes into the page's HTML: more than fill the
 * first screen of a tall desktop display under the compose box. The others come with the page's
 * data and the browser renders them once the page has hydrated, in the place kept for them
 * (docs/performance.md, "The posts under the first screen are rendered by the browser": the
 * product's own CPU per feed render fell by ~0.9 ms, a third).
 */
const POSTS_IN_HTML = 5;

/**
 * The second post's element id. A render-blocking `<link rel="expect">` (React puts it in the head)
 * holds the page's first paint until the parser has reached it, so that the first frame shows the
 * first post, the page's largest paint, instead of the header alone with the posts a frame and the
 * page's scripts later. Chromium lets the paint go at the target's start tag, or at the end of the
 * document when there is none; other browsers ignore it. The feed's LCP fell by ~60 ms at 4x
 * (docs/performance.md, "The feed's first paint waits for its first post", and
 * docs/decisions/0005-render-blocking-first-post-link.md; the whole page as target, the footer,
 * was slower than none).
 */
const FIRST_PAINT_TARGET = 'feed-second-post';
/**
 * The posts in the first screen (at 1280×800 the first two, or the top of the second): their
 * pictures are not lazy, and the first photo among them, likely the page's largest paint, is
 * asked for first. Lazy ones are requested only once the page is laid out, 100–300 ms late at
 * the bench's 4× slowdown (components/ui/picture-loading.ts).
 */
const FIRST_SCREEN_POSTS = 2;

export type FeedProps = {
  /** The first page, as one JSON string (lib/serialized.ts: its ~1,500 values cost Flight ~2 ms a render). */
  initial: Serialized<FeedPage>;
  /** A member's wall instead of the viewer's feed. */
  wallId?: number;
  /** A group's wall instead (docs/api.md, "Groups": the wall). */
  groupId?: number;
  /** The feed's accessible name. */
  label: string;
  /** What an empty feed says. */
  emptyText: string;
  /** Shown above the list, inside the feed's context (the compose box). */
  children?: ReactNode;
};

type LoadState = { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string };

/** Tells the rest of the page (the header's bell) the latest count. */
function publishNotificationCount(count: number) {
  window.dispatchEvent(new CustomEvent(NOTIFICATION_COUNT_EVENT, { detail: count }));
}

/**
 * The activity feed as the WAI-ARIA feed pattern: a `feed` of `article`s. Scrolling to the end
 * (or the "Load older posts" button) appends older items; new items found by the poll wait
 * behind a "N new posts" button so nothing moves under the reader.
 */
export function Feed({ initial: firstPage, wallId, groupId, label, emptyText, children }: FeedProps) {
  const [initial] = useState(() => deserialize(firstPage));
  const viewer = useViewer();
  const announce = useAnnounce();
  const [items, setItems] = useState<Activity[]>(initial.items);
  // False in the server's render and the first render in the browser (hydrating it), then true
  // in a render of its own that React runs in slices between other work (useDeferredValue).
  const allPosts = useDeferredValue(true, false);
  const later = allPosts ? 0 : Math.max(0, items.length - POSTS_IN_HTML);
  const leadPost = items.slice(0, FIRST_SCREEN_POSTS).findIndex((a) => a.attachments.some((x) => x.kind === 'photo'));
  const [endOfFeed, setEndOfFeed] = useState(initial.endOfFeed || initial.items.length === 0);
  const [older, setOlderState] = useState<LoadState>({ status: 'idle' });
  // The observer's callback may run after a failure it did not see: it reads this instead.
  const olderStatus = useRef<LoadState['status']>('idle');
  const setOlder = useCallback((state: LoadState) => {
    olderStatus.current = state.status;
    setOlderState(state);
  }, []);
  // The newest item the reader was shown by a page load or the "new posts" button; the
  // viewer's own new posts go on top without moving it, so the poll still finds others'.
  const [firstId, setFirstId] = useState(initial.firstId);
  const [waitingIds, setWaitingIds] = useState<number[]>([]);
  const [newer, setNewer] = useState<LoadState>({ status: 'idle' });
  const feedRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const loadingOlder = useRef(false);
  const waitingCount = useRef(0);

  const shown = useMemo(() => new Set(items.map((a) => a.id)), [items]);
  const shownRef = useLatest(shown);

  const context = useMemo<FeedContextValue>(
    () => ({
      showsOwnPosts: !groupId && (!wallId || wallId === viewer?.id),
      prepend: (activities) =>
        setItems((current) => {
          const have = new Set(current.map((a) => a.id));
          return [...activities.filter((a) => !have.has(a.id)), ...current];
        }),
      replace: (activity) => setItems((current) => current.map((a) => (a.id === activity.id ? activity : a))),
      remove: (id) => {
        // Focus goes to the next post (or the one before) instead of falling to the page.
        const article = feedRef.current?.querySelector<HTMLElement>(`:scope > article[data-activity-id="${id}"]`);
        const neighbour = (article?.nextElementSibling ?? article?.previousElementSibling) as HTMLElement | null | undefined;
        setItems((current) => current.filter((a) => a.id !== id));
        if (neighbour) requestAnimationFrame(() => neighbour.focus());
      },
    }),
    [viewer, wallId, groupId],
  );

  // Where the next page starts, for callbacks that may hold an older render's values.
  const cursor = useRef({ nextId: initial.nextId, endOfFeed });

  const loadOlder = useCallback(async () => {
    const { nextId: maxid, endOfFeed: atEnd } = cursor.current;
    if (loadingOlder.current || atEnd || !maxid) return;
    loadingOlder.current = true;
    setOlder({ status: 'loading' });
    const res = await callAction(() => loadOlderActivities({ maxid, wallId, groupId }));
    loadingOlder.current = false;
    if (!res.ok) {
      setOlder({ status: 'error', message: res.message });
      return;
    }
    const page = res.data;
    setItems((current) => {
      const have = new Set(current.map((a) => a.id));
      return [...current, ...page.items.filter((a) => !have.has(a.id))];
    });
    const atEndNow = page.endOfFeed || page.items.length === 0;
    cursor.current = { nextId: page.nextId, endOfFeed: atEndNow };
    setEndOfFeed(atEndNow);
    setOlder({ status: 'idle' });
    announce(page.items.length ? `Loaded ${page.items.length} older ${page.items.length === 1 ? 'post' : 'posts'}.` : '');
  }, [wallId, groupId, announce, setOlder]);

  // Infinite scroll: the sentinel after the last article starts the next page a little before
  // it scrolls into view. After a failure it waits for "Try again".
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || endOfFeed || older.status === 'error') return;
    const observer = new IntersectionObserver(
      (entries) => {
        // After a failure only "Try again" loads: no silent retries while the reader looks at the message.
        if (entries.some((e) => e.isIntersecting) && olderStatus.current !== 'error') void loadOlder();
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [loadOlder, endOfFeed, older.status]);

  // New posts: while the tab is visible, ask every POLL_INTERVAL_MS for ids above firstId.
  useEffect(() => {
    let lastPoll = Date.now();
    let stopped = false;
    const poll = async () => {
      if (document.visibilityState !== 'visible') return;
      lastPoll = Date.now();
      const res = await callAction(() => checkForUpdates({ minid: firstId, wallId, groupId }));
      if (stopped || !res.ok) return;
      const waiting = res.data.newIds.filter((id) => !shownRef.current.has(id));
      // Said when the number grows, not at every poll.
      if (waiting.length > waitingCount.current)
        announce(`${waiting.length} new ${waiting.length === 1 ? 'post' : 'posts'} at the top of the feed.`);
      waitingCount.current = waiting.length;
      setWaitingIds(waiting);
      publishNotificationCount(res.data.notificationCount);
    };
    const timer = setInterval(poll, POLL_INTERVAL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - lastPoll >= POLL_INTERVAL_MS) void poll();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [firstId, wallId, groupId, announce, shownRef]);

  const showNewer = async () => {
    setNewer({ status: 'loading' });
    const res = await callAction(() => loadNewerActivities({ minid: firstId, wallId, groupId }));
    if (!res.ok) {
      setNewer({ status: 'error', message: res.message });
      return;
    }
    const fresh = res.data.items.filter((a) => !shownRef.current.has(a.id));
    setItems((current) => [...fresh, ...current.filter((a) => !fresh.some((f) => f.id === a.id))]);
    setFirstId(res.data.firstId);
    setWaitingIds([]);
    waitingCount.current = 0;
    setNewer({ status: 'idle' });
    announce(fresh.length ? `Showing ${fresh.length} new ${fresh.length === 1 ? 'post' : 'posts'}.` : 'No new posts.');
    // The reader asked for them: take them to the first one, once the render that adds them is in
    // the page (an animation frame could come before React's commit and focus the old first post).
    if (fresh.length) focusFirst.current = true;
  };
  const focusFirst = useRef(false);
  useEffect(() => {
    if (!focusFirst.current) return;
    focusFirst.current = false;
    feedRef.current?.querySelector<HTMLElement>('article')?.focus();
  }, [items]);

  // The feed pattern's keys: Page Down / Page Up move between articles.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'PageDown' && e.key !== 'PageUp') return;
    const articles = [...(feedRef.current?.querySelectorAll<HTMLElement>(':scope > article') ?? [])];
    const current = articles.findIndex((a) => a.contains(document.activeElement));
    if (current === -1) return;
    const target = articles[current + (e.key === 'PageDown' ? 1 : -1)];
    if (target) {
      e.preventDefault();
      target.focus();
    }
  };

  const waiting = waitingIds.length;
  const setSize = endOfFeed ? items.length : -1;

  return (
    <FeedContext.Provider value={context}>
      {children}
      <div className="sticky top-2 z-10 flex h-0 justify-center overflow-visible">
        {waiting > 0 ? (
          <button
            type="button"
            onClick={showNewer}
            disabled={newer.status === 'loading'}
            className={`${buttonStyles.primary} mt-2 rounded-full shadow-lg`}
          >
            {newer.status === 'loading'
              ? 'Loading new posts…'
              : `${waiting}${waiting >= 50 ? '+' : ''} new ${waiting === 1 ? 'post' : 'posts'}`}
          </button>
        ) : null}
      </div>
      {newer.status === 'error' ? (
        <p role="alert" className="mt-4 text-sm text-rose-700 dark:text-rose-300">
          {newer.message}
        </p>
      ) : null}

      {items.length === 0 && endOfFeed ? (
        <p className="muted mt-6 rounded-2xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">{emptyText}</p>
      ) : null}

      <link rel="expect" href={`#${FIRST_PAINT_TARGET}`} blocking="render" />
      {/* A feed holds articles: an empty one is no feed yet (axe's aria-required-children), until a post comes.
          Page Down and Page Up bubbling from a focused article move to the next or previous one (the ARIA feed pattern). */}
      <div
        ref={feedRef}
        role={items.length ? 'feed' : undefined}
        aria-label={items.length ? label : undefined}
        aria-busy={items.length ? older.status === 'loading' || newer.status === 'loading' : undefined}
        onKeyDown={onKeyDown}
        className="mt-6 space-y-4"
      >
        {(later ? items.slice(0, POSTS_IN_HTML) : items).map((activity, i) => (
          <ActivityCard
            key={activity.id}
            activity={activity}
            posInSet={i + 1}
            setSize={setSize}
            elementId={i === 1 ? FIRST_PAINT_TARGET : undefined}
            pictures={i === leadPost ? 'first' : i < FIRST_SCREEN_POSTS ? 'eager' : 'lazy'}
          />
        ))}
      </div>
      {/* The height the posts still to render will take at first (their content-visibility size), so that nothing below moves when they come. */}
      {later ? <div aria-hidden="true" className="feed-later" style={{ '--later': later } as CSSProperties} /> : null}

      <div ref={sentinelRef} aria-hidden="true" className="h-px" />
      <div className="mt-6 flex flex-col items-center gap-3 pb-12 text-sm">
        {older.status === 'loading' ? (
          <p className="flex items-center gap-2 text-slate-600 dark:text-slate-400">
            <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600" />
            Loading older posts…
          </p>
        ) : older.status === 'error' ? (
          <div role="alert" className="flex flex-col items-center gap-2 text-rose-700 dark:text-rose-300">
            <p>{older.message || 'Older posts could not be loaded.'}</p>
            <button type="button" onClick={loadOlder} className={buttonStyles.secondary}>
              Try again
            </button>
          </div>
        ) : endOfFeed ? (
          items.length > 0 ? (
            <p className="text-slate-600 dark:text-slate-400">You’re all caught up.</p>
          ) : null
        ) : (
          <button type="button" onClick={loadOlder} className={buttonStyles.secondary}>
            Load older posts
          </button>
        )}
      </div>
    </FeedContext.Provider>
  );
}
