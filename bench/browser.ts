// The browser part of `npm run bench`: what a person's browser measures. Chromium (Debian's,
// through Playwright) loads every page the bench lists, and the bare page, cold (a new browser
// context each time: no cache, no service worker), with the CPU slowed 4× (a mid-range laptop),
// signed in as the demo member where the page asks for it, arriving from a page of another site
// (elsewhere() below) as a person arrives from a link or the new-tab page. Each load reads the browser's own
// performance entries, from an observer installed before the page's first script:
// - TTFB (the navigation's responseStart), FCP (the paint entry), LCP (the last
//   largest-contentful-paint entry before any input);
// - CLS: every layout shift not caused by input, summed (stricter than Web Vitals' worst
//   session window), after load, and on the pages with a feed (the feed, a wall) again after
//   scrolling down through three pages of older posts, a wheel's step at a time;
// - TBT: every long task's time beyond 50 ms, from navigation until 5 s after the load event
//   (a quick run watches a load until it is quiet instead, 5 s at most: settle() below).
// The loads go in rounds (each page once a round, the bare page twice), so that a machine's drift
// over the pass touches every page alike. A page's figures are the median of its loads (CLS: the
// worst load, as layout has no noise).
// One more load of each page has its pictures held back 1.5 s (a slow connection): its CLS,
// after load and after scrolling, must stay within the budget too.
// On the feed, after each load's 5 s: the interaction-to-next-paint of a like click and of
// opening a comment box (the longest event-timing entry of the interaction), the like undone.
// Last, one view of the feed left open for a minute: the requests it makes to the web server
// (the page, prefetches, polls), reported, not judged.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, errors, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { findChromium } from '../e2e/chromium.ts';
import { fixed } from './format.ts';
import type { JsPage } from './js-size.ts';
import { median } from './stats.ts';

/** One cold load's figures (ms; CLS unitless): `clsScroll` on the pages with a feed only. */
interface Load {
  ttfb: number;
  fcp: number;
  lcp: number;
  tbt: number;
  clsLoad: number;
  clsScroll: number | null;
}

/** A page's loads together: the medians, and the worst load's CLS (after load and, with a feed, after scrolling). */
export interface PageVitals extends Load {
  label: string;
  loads: number;
  /** With the pictures held back 1.5 s. */
  clsLateLoad: number;
  clsLateScroll: number | null;
}

export interface BrowserResult {
  pages: PageVitals[];
  bare: PageVitals;
  /** The feed's like click and comment box, interaction to next paint (ms, median). */
  inp: { like: number; comment: number };
  /** One view of the feed over a minute: requests to the web server, by kind (not in a quick run). */
  requestsPerView: Record<string, number> | null;
  /** The rounds of cold loads run, of those asked for (fewer when a deadline cut the pass short), and the seconds a load took. */
  rounds: { run: number; asked: number; secondsPerLoad: number };
  problems: string[];
}

/**
 * The round with late pictures against a plain round, in time: its loads wait 1.5 s for their
 * pictures (1.14–1.18 of a plain round's time in three quick runs of 2026-12-07 on this machine:
 * 213, 213 and 220 s a plain round, 250, 251 and 250 s the late one).
 */
const LATE_ROUND_COST = 1.2;

const THROTTLE = 4;

/**
 * The full browser, less its own interface's work. Chromium 156 prepares the omnibox's popup (a
 * WebUI page of its own, in a renderer of its own) for a new browser context, now and then: in 1
 * to 5 of 8 fresh contexts on this machine it kept a whole core busy for 1.0–1.3 s, while the
 * page loaded. A person's browser does that once, not at every page; on two cores it slowed
 * the measured page and the bare page at random (the bare page's LCP 776–1028 ms, 456 without
 * it). Traced 2026-12-03; docs/performance-log.md.
 */
const BROWSER_ARGS = [
  '--disable-gpu',
  '--disable-features=PreloadTopChromeWebUI,WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
];
const AFTER_LOAD_MS = 5000;
const LATE_PICTURES_MS = 1500;
/** The quick profile's quiet: this long with no long task and no request in flight ends a load's wait. */
const QUIET_MS = 1000;

/**
 * How long a load is watched after its load event. `window`: 5 s, the whole of TBT's window
 * (it caught an editor's timer working every 3 s). `quiet` (the quick profile): until the page
 * is quiet — no request for 500 ms (Playwright's networkidle) and no long task for a second —,
 * 5 s at most: a page's own work after load is seen, a task that comes back later than a second
 * after the last is not. With `window` a quick run took about half an hour on this machine; with
 * `quiet` a cold load and its wait take 2.6 s, and the run 13 minutes.
 */
export type Settle = 'window' | 'quiet';

async function settle(page: Page, how: Settle): Promise<void> {
  if (how === 'window') return page.waitForTimeout(AFTER_LOAD_MS);
  const until = Date.now() + AFTER_LOAD_MS;
  try {
    await page.waitForLoadState('networkidle', { timeout: AFTER_LOAD_MS });
    await page.waitForFunction(
      (quiet) => {
        const b = (window as unknown as BenchWindow).__bench;
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const last = b.longTasks.reduce((t, [start, d]) => Math.max(t, start + d), nav.loadEventEnd);
        return performance.now() - last >= quiet;
      },
      QUIET_MS,
      { timeout: Math.max(1, until - Date.now()), polling: 100 },
    );
  } catch (err) {
    if (!(err instanceof errors.TimeoutError)) throw err;
  }
}

// Installed before the page's own scripts; buffered observers also see what came before.
const OBSERVE = `(() => {
  const b = (window.__bench = { cls: 0, lcp: 0, longTasks: [], events: [] });
  const on = (type, f, extra) => { try { new PerformanceObserver((l) => l.getEntries().forEach(f)).observe({ type, buffered: true, ...extra }); } catch {} };
  on('layout-shift', (e) => { if (!e.hadRecentInput) b.cls += e.value; });
  on('largest-contentful-paint', (e) => { b.lcp = e.startTime; });
  on('longtask', (e) => { b.longTasks.push([e.startTime, e.duration]); });
  on('event', (e) => { if (e.interactionId) b.events.push([e.interactionId, e.duration, e.name]); }, { durationThreshold: 16 });
})();`;

interface BenchWindow {
  __bench: { cls: number; lcp: number; longTasks: Array<[number, number]>; events: Array<[number, number, string]> };
}

async function newPage(browser: Browser, origin: string, cookie: string, late: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (cookie)
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
      }),
    );
  if (late)
    await context.route(
      () => true,
      async (route) => {
        if (route.request().resourceType() === 'image') await new Promise((r) => setTimeout(r, LATE_PICTURES_MS));
        await route.fallback();
      },
    );
  await context.addInitScript(OBSERVE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  return { context, page };
}

/**
 * A page of another site, where each cold load starts, as a person's does: from a link on another
 * site, or from the new-tab page (itself another site's page). A navigation to another site gets
 * a renderer process of its own, whatever the page; from a new tab's first page (about:blank), a
 * page without `Cross-Origin-Opener-Policy` could take over that tab's process, and one with it
 * (the product's, lib/security-headers.ts) could not. Measured from about:blank (2026-12-07, 4×
 * CPU), the product's stylesheet was asked for 170–250 ms after navigation against 120–135 with
 * the header removed, the bare page's first picture at 105–120 ms; from another site's page, the
 * product's at 180–300 ms and the bare page's at 235–360 ms: the reference had been spared a
 * cost no person's navigation spares it. Its address names the host `localhost`: another site
 * than 127.0.0.1, the servers' (an address of its own, such as 127.0.0.2, is not on every system).
 */
async function elsewhere(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end('<!doctype html><html lang="en"><title>Another site</title><p>Another site</p></html>');
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The layout shifts so far. */
const cls = (page: Page) => page.evaluate(() => (window as unknown as BenchWindow).__bench.cls);

/**
 * Scrolls down a page's feed as a person does, a wheel's step at a time, until three pages of
 * older posts have come (or its end): the feed asks for them before its end is in sight.
 */
async function scrollFeed(page: Page): Promise<void> {
  const count = () => page.evaluate(() => document.querySelectorAll('[role="feed"] article').length);
  const start = await count();
  await page.mouse.move(640, 400);
  let last = start;
  let still = 0;
  // A page of older posts is 15; three pages, or 10 s without more (the feed's end).
  while ((await count()) < start + 45 && still < 50) {
    // Wheel scrolling is not input for layout-shift's hadRecentInput: shifts it causes count.
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(200);
    const now = await count();
    still = now > last ? 0 : still + 1;
    last = now;
  }
  await page.waitForTimeout(LATE_PICTURES_MS + 500);
}

/** One cold load of `url`: its figures, with the page left open for `then`. */
async function load(
  browser: Browser,
  origin: string,
  url: string,
  cookie: string,
  o: { from: string; late: boolean; scroll: boolean; settle: Settle; then?: (page: Page) => Promise<void> },
): Promise<Load> {
  const { context, page } = await newPage(browser, origin, cookie, o.late);
  try {
    await page.goto(o.from, { waitUntil: 'load' });
    const res = await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    if (!res || res.status() !== 200) throw new Error(`${url} answered ${res?.status()}`);
    await settle(page, o.settle);
    const t = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      const b = (window as unknown as BenchWindow).__bench;
      const until = nav.loadEventEnd + 5000;
      const tbt = b.longTasks.filter(([start]) => start < until).reduce((n, [, d]) => n + Math.max(0, d - 50), 0);
      return { ttfb: nav.responseStart, fcp, lcp: b.lcp, tbt, cls: b.cls };
    });
    const clsScroll = o.scroll ? (await scrollFeed(page), await cls(page)) : null;
    await o.then?.(page);
    return { ttfb: t.ttfb, fcp: t.fcp, lcp: t.lcp, tbt: t.tbt, clsLoad: t.cls, clsScroll };
  } finally {
    await context.close();
  }
}

/** The longest event entry of the interaction a click on `target` makes (its INP), in ms. */
async function clickInp(page: Page, target: ReturnType<Page['locator']>): Promise<number> {
  const before = await page.evaluate(() => (window as unknown as BenchWindow).__bench.events.length);
  await target.click();
  await page.waitForTimeout(1000);
  return page.evaluate((from) => {
    const events = (window as unknown as BenchWindow).__bench.events
      .slice(from)
      .filter(([, , name]) => name === 'click' || name === 'pointerup' || name === 'pointerdown');
    return events.reduce((n, [, d]) => Math.max(n, d), 0);
  }, before);
}

/** One view of the feed over a minute: the requests to the web server, by kind. */
async function requestsOverAMinute(browser: Browser, web: string, cookie: string): Promise<Record<string, number>> {
  const { context, page } = await newPage(browser, web, cookie, false);
  const kinds: Record<string, number> = {};
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.origin !== web) return;
    const kind =
      req.resourceType() === 'document'
        ? 'the page'
        : url.pathname.startsWith('/_next/static/')
          ? 'static files'
          : req.headers()['next-router-prefetch']
            ? 'prefetches'
            : url.pathname.startsWith('/api/')
              ? `polls and reads (${url.pathname})`
              : req.headers()['rsc']
                ? 'server component reads'
                : `other (${url.pathname})`;
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  });
  try {
    await page.goto(`${web}/`, { waitUntil: 'load' });
    await page.waitForTimeout(60_000);
  } finally {
    await context.close();
  }
  return kinds;
}

function summarize(label: string, loads: Load[], late: Load): PageVitals {
  const worst = (xs: Array<number | null>) => (xs[0] === null ? null : Math.max(...(xs as number[])));
  return {
    label,
    loads: loads.length,
    ttfb: median(loads.map((l) => l.ttfb)),
    fcp: median(loads.map((l) => l.fcp)),
    lcp: median(loads.map((l) => l.lcp)),
    tbt: median(loads.map((l) => l.tbt)),
    clsLoad: Math.max(...loads.map((l) => l.clsLoad)),
    clsScroll: worst(loads.map((l) => l.clsScroll)),
    clsLateLoad: late.clsLoad,
    clsLateScroll: late.clsScroll,
  };
}

/**
 * The browser pass over `pages` (the bench's list; the bare page among them), in rounds: each
 * round loads every page once, and the bare page twice (first and halfway). A machine's speed
 * drifts over the pass's ~15 minutes; measured page after page (five loads of one, then the
 * next), a page measured late was judged against a bare page measured at another time, and the
 * verdicts moved by 50–100 ms of TBT between runs. In rounds every page's loads are spread
 * over the whole pass alike, and the bare page's reference has twice the loads.
 */
export async function runBrowser(o: {
  web: string;
  bare: string;
  cookie: string;
  pages: JsPage[];
  loads: number;
  settle: Settle;
  /** Leaves out the minute of one view's requests (reported, not judged). */
  skipMinute: boolean;
  /**
   * When the pass should be over (performance.now() time; the quick profile's 15 minutes): a
   * round after the first starts only if it and the round with late pictures can end before it.
   */
  deadline?: number;
}): Promise<BrowserResult> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: BROWSER_ARGS });
  const from = await elsewhere();
  const problems: string[] = [];
  const inp = { like: [] as number[], comment: [] as number[] };
  const plan = o.pages.map((p) => {
    const origin = p.server === 'web' ? o.web : o.bare;
    const isFeed = p.server === 'web' && p.path === '/' && p.signedIn;
    return {
      p,
      origin,
      url: `${origin}${p.path}`,
      cookie: p.signedIn ? o.cookie : '',
      isFeed,
      scroll: isFeed || /^\/users\/\d+$/.test(p.path),
      loads: [] as Load[],
      /** Why the page left the pass (a failed load); `null` when it is absent on purpose (maybeMissing). */
      dropped: undefined as string | null | undefined,
    };
  });
  const barePlan = plan.find((e) => e.p.label.startsWith('bare page'));
  if (!barePlan) throw new Error('the bare page is not in the list');
  const others = plan.filter((e) => e !== barePlan);
  const half = Math.ceil(others.length / 2);
  const round = [barePlan, ...others.slice(0, half), barePlan, ...others.slice(half)];
  /** A page that may be absent (maybeMissing) and is: left out on purpose, never tried again. */
  const absent = (e: (typeof plan)[number], err: unknown) => e.p.maybeMissing && String(err).includes('answered 404');
  const firstLine = (err: unknown) => (err instanceof Error ? err.message.split('\n')[0]! : String(err));
  const drop = (e: (typeof plan)[number], err: unknown) => {
    if (absent(e, err)) e.dropped = null;
    else {
      e.dropped = firstLine(err);
      console.log(`  ${e.p.label}: left out of the pass: ${e.dropped}`);
    }
  };
  /**
   * A load, tried once more when it fails: one slow moment of a shared machine (a timeout of the
   * full run's 80 minutes) must not cost a page its figures, or the pass its reference. A page that
   * answers 404 (maybeMissing) is not tried again.
   */
  const loadAgainOnce = async (e: (typeof plan)[number], options: Parameters<typeof load>[4]): Promise<Load> => {
    try {
      return await load(browser, e.origin, e.url, e.cookie, options);
    } catch (err) {
      if (absent(e, err)) throw err;
      console.log(`  ${e.p.label}: a load failed, tried again: ${firstLine(err)}`);
      return load(browser, e.origin, e.url, e.cookie, options);
    }
  };
  console.log(
    `\nbrowser pass: Chromium, CPU ${THROTTLE}× slower, ${o.loads} rounds of one cold load of each page (the bare page twice), then one with late pictures …`,
  );
  const passStart = performance.now();
  let rounds = 0;
  try {
    for (let r = 0; r < o.loads; r += 1) {
      const start = performance.now();
      if (o.deadline !== undefined && r > 0) {
        // This round and the late one, at the pace of the rounds so far: how far past the deadline they would end.
        const over = start + ((start - passStart) / r) * (1 + LATE_ROUND_COST) - o.deadline;
        if (over > 0) {
          console.log(
            `  round ${r + 1} of ${o.loads} left out: with the round of late pictures it would end ${fixed(over / 1000, 0)} s after the run's deadline`,
          );
          break;
        }
      }
      for (const e of round) {
        if (e.dropped !== undefined) continue;
        try {
          e.loads.push(
            await loadAgainOnce(e, {
              from: from.url,
              late: false,
              scroll: e.scroll,
              settle: o.settle,
              then: e.isFeed
                ? async (page) => {
                    await page.evaluate(() => window.scrollTo(0, 0));
                    const first = page.getByRole('feed').first().getByRole('article').first();
                    const like = first.locator('[data-kb-like]');
                    inp.like.push(await clickInp(page, like));
                    await like.click(); // undone, so that every load likes the same way
                    inp.comment.push(await clickInp(page, first.getByRole('button', { name: 'Comment', exact: true })));
                  }
                : undefined,
            }),
          );
        } catch (err) {
          drop(e, err);
        }
      }
      const seconds = (performance.now() - start) / 1000;
      rounds += 1;
      console.log(
        `  round ${r + 1} of ${o.loads} done: ${round.length} loads in ${fixed(seconds, 0)} s, ${fixed(seconds / round.length, 1)} s each`,
      );
    }
    const secondsPerLoad = (performance.now() - passStart) / 1000 / Math.max(1, rounds * round.length);
    const results: PageVitals[] = [];
    for (const e of plan) {
      if (e.dropped === undefined) {
        try {
          const v = summarize(
            e.p.label,
            e.loads,
            await loadAgainOnce(e, { from: from.url, late: true, scroll: e.scroll, settle: o.settle }),
          );
          results.push(v);
          console.log(
            `  ${v.label.padEnd(34)} TTFB ${fixed(v.ttfb, 0).padStart(5)}  FCP ${fixed(v.fcp, 0).padStart(5)}  LCP ${fixed(v.lcp, 0).padStart(5)}  TBT ${fixed(v.tbt, 0).padStart(5)}  CLS ${fixed(v.clsLoad, 3)}`,
          );
        } catch (err) {
          drop(e, err);
        }
      }
      if (e.dropped) problems.push(`browser: ${e.p.label}: ${e.dropped}`);
    }
    const requestsPerView = o.skipMinute ? null : await requestsOverAMinute(browser, o.web, o.cookie);
    const bare = results.find((r) => r.label.startsWith('bare page'));
    if (!bare) throw new Error(`the bare page was not measured in the browser${barePlan.dropped ? `: ${barePlan.dropped}` : ''}`);
    return {
      pages: results.filter((r) => r !== bare),
      bare,
      inp: { like: median(inp.like), comment: median(inp.comment) },
      requestsPerView,
      rounds: { run: rounds, asked: o.loads, secondsPerLoad },
      problems,
    };
  } finally {
    await browser.close();
    await from.close();
  }
}
