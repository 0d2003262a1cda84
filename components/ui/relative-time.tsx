'use client';

import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';

// One clock for every time on the page, ticking each minute. During server rendering and
// hydration the times are computed from the moment the server rendered the page (so the
// HTML and the first client render agree), then from the browser's clock.
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 60_000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** When the server rendered the page (epoch ms): relative times hydrate from it. */
const RenderedAt = createContext<number | null>(null);

/** Put once around the page by the site's layout. */
export function ClockProvider({ renderedAt, children }: { renderedAt: number; children: ReactNode }) {
  return <RenderedAt.Provider value={renderedAt}>{children}</RenderedAt.Provider>;
}

// Formatters are costly to build and a page shows dozens of times: each is built once.
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const shortDate = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const shortDateYear = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const exactUtc = new Intl.DateTimeFormat('en', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' });
let exactLocal: Intl.DateTimeFormat | undefined;

/** "just now", "5 minutes ago", "yesterday", "3 days ago", then the date. */
function formatRelative(ms: number, reference: number): string {
  const seconds = Math.round((reference - ms) / 1000);
  if (seconds < 45) return 'just now';
  if (seconds < 3600) return ago(Math.max(1, Math.round(seconds / 60)), 'minute');
  if (seconds < 86_400) return ago(Math.round(seconds / 3600), 'hour');
  if (seconds < 7 * 86_400) return ago(Math.round(seconds / 86_400), 'day');
  const sameYear = new Date(ms).getUTCFullYear() === new Date(reference).getUTCFullYear();
  return (sameYear ? shortDate : shortDateYear).format(ms);
}

// "5 minutes ago" has few spellings: each is formatted once.
const agos = new Map<string, string>();
function ago(n: number, unit: 'minute' | 'hour' | 'day'): string {
  const key = `${n}${unit}`;
  let s = agos.get(key);
  if (s === undefined) agos.set(key, (s = relative.format(-n, unit)));
  return s;
}

export type RelativeTimeProps = {
  /** Epoch milliseconds. */
  ms: number;
  id?: string;
  className?: string;
};

// The same moments come back on every render (a feed's posts and comments): their fixed
// spellings (the UTC title, the ISO attribute) are kept per moment, bounded, oldest out.
const SPELLINGS_MAX = 5_000;
const spellings = new Map<number, { iso: string; utc: string }>();
function spell(ms: number): { iso: string; utc: string } {
  let s = spellings.get(ms);
  if (!s) {
    s = { iso: new Date(ms).toISOString(), utc: `${exactUtc.format(ms)} UTC` };
    spellings.set(ms, s);
    if (spellings.size > SPELLINGS_MAX) spellings.delete(spellings.keys().next().value!);
  }
  return s;
}

/**
 * The page's clock, for `timeTag`: a component that shows several times (a comment list, a
 * card) reads it once instead of a RelativeTime component per time.
 */
export function useClock(): number {
  const renderedAt = useContext(RenderedAt) ?? 0;
  // One store for both facts: during server rendering and hydration it answers the server's
  // moment, negated; in the browser, the clock (always positive).
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => -renderedAt,
  );
}

/** A relative time in a <time>, with the exact date and time on hover. */
export function RelativeTime(props: RelativeTimeProps) {
  return timeTag(useClock(), props);
}

/**
 * What RelativeTime shows, for a clock read by the caller (useClock). The server does not know
 * the reader's time zone, so the exact time says UTC until the page runs in the browser.
 */
export function timeTag(clock: number, { ms, id, className }: RelativeTimeProps) {
  const hydrated = clock > 0;
  if (!ms) return null;
  const fixed = spell(ms);
  const title = hydrated ? (exactLocal ??= new Intl.DateTimeFormat('en', { dateStyle: 'full', timeStyle: 'short' })).format(ms) : fixed.utc;
  return (
    <time id={id} dateTime={fixed.iso} title={title} className={className}>
      {formatRelative(ms, Math.max(Math.abs(clock), ms))}
    </time>
  );
}
