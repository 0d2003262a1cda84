// npm run bench — the signed-in feed page of the web client (BFF) against a bare Next page
// that renders the same feed, on loopback, in the same run. The bare page (bench/bare/, a
// minimal Next app of its own) reads the same GET /activities with a fixed token and renders
// the same fields as plain markup: what any Next server has to spend to render this feed.
//
// The run, each step a part of bench/ that says what it measures and how:
//   1. builds the web app and the bare page (bench/servers.ts);
//   2. seeds temporary data, starts the API, a counting relay in front of it for each web
//      server (bench/relay.ts) and both web servers (bench/servers.ts), and signs in to the web
//      app as demo@example.com as a browser does (bench/sign-in.ts);
//   3. checks that both pages answer with the same feed (bench/load.ts);
//   4. measures the JavaScript of every page against its budget (bench/js-size.ts);
//   5. loads both pages with autocannon, in rounds alternating feed and bare (bench/load.ts):
//      the product's own CPU per render, pair by pair, with its confidence interval;
//   6. loads both at a fixed arrival rate, 60% of the bare page's capacity (bench/open-loop.ts);
//   7. uploads a 10 MB photo through the web client and straight to the API, measuring the
//      web server's memory (bench/upload.ts, bench/memory-probe.ts);
//   8. loads every page in Chromium with the CPU slowed 4× (bench/browser.ts): LCP, CLS,
//      TBT, a click's response;
//   9. prints the figures and judges the targets (bench/report.ts).
// Exits 1 when a target is missed or a measurement is not valid (after printing everything).
// Everything listens on and talks to 127.0.0.1 only; every process started is stopped and the
// temporary data removed at the end.
//
// Settings (environment):
//   BENCH_PROFILE=quick      fewer rounds, loads and uploads (4, 3, 2; the settings below still
//                            override it), each browser load watched until quiet (bench/browser.ts
//                            settle), no minute of the feed's requests: the same verdicts in under
//                            15 minutes, with wider intervals, said as such in the report; on a
//                            slow hour the browser pass runs the rounds of loads that fit (the
//                            report says how many), unless BENCH_BROWSER_LOADS is set
//   BENCH_SKIP_BUILD=1       reuses the last builds; with it, BENCH_WEB_DIST=dir measures
//                            another build of the web app, made with NEXT_DIST_DIR=dir (one run
//                            is one process of each server, whose speed varies from process to
//                            process, so a part's cost is an A/B of two builds over several runs
//                            each, alternating); the default is .next-bench/
//   BENCH_WARMUP_SECONDS     warm-up per page (default 5)
//   BENCH_ROUNDS             timed rounds (default 10) of BENCH_SECONDS (default 3) per page,
//   BENCH_CONNECTIONS        with this many connections (default 8)
//   BENCH_OPEN_SECONDS       seconds of each of the open loop's four runs (default 10)
//   BENCH_UPLOADS            uploads of the photo each way (default 5)
//   BENCH_BROWSER_LOADS      cold loads of each page in the browser (default 10: the median of
//                            five moved by ±100 ms between runs of one build, a TBT budget's width)
//   BENCH_PAGES=regex        the browser pass over the pages whose label matches it (and the bare
//                            page) only, e.g. '^/messages' after a change to the messages' pages;
//                            the report then judges only those
//   BENCH_VERBOSE=1          also lists every script counted for a page (its first load, then
//                            what it loads once it runs)
//   BENCH_SAVE_HTML=dir      keeps both pages' HTML, to see where the bytes go
// To see where the time goes: BENCH_CPU_PROF=dir writes a V8 CPU profile of each server
// (dir/web/, dir/bare/), BENCH_NODE_ARGS passes node options to both (e.g. --trace-gc, which
// NODE_OPTIONS does not take), BENCH_SERVER_LOGS=dir keeps what they print.
import { checkPages, runLoad } from '../bench/load.ts';
import { runBrowser } from '../bench/browser.ts';
import { benchPages, measureJs } from '../bench/js-size.ts';
import { runOpenLoop } from '../bench/open-loop.ts';
import { report } from '../bench/report.ts';
import { buildApps, shutdown, startServers } from '../bench/servers.ts';
import { signIn } from '../bench/sign-in.ts';
import { benchUploads } from '../bench/upload.ts';

const env = process.env;
// BENCH_PROFILE=quick: the same measurements and verdicts in under 15 minutes, from fewer rounds
// and loads; the report says so, and its intervals are the wider for it.
const quick = env.BENCH_PROFILE === 'quick';
if (env.BENCH_PROFILE && !quick) throw new Error(`BENCH_PROFILE is "quick" or unset, not "${env.BENCH_PROFILE}"`);
const settings = {
  profile: quick ? ('quick' as const) : ('full' as const),
  skipBuild: env.BENCH_SKIP_BUILD === '1',
  webDist: env.BENCH_WEB_DIST || '.next-bench',
  warmupSeconds: Number(env.BENCH_WARMUP_SECONDS || (quick ? 3 : 5)),
  rounds: Number(env.BENCH_ROUNDS || (quick ? 4 : 10)),
  seconds: Number(env.BENCH_SECONDS || 3),
  connections: Number(env.BENCH_CONNECTIONS || 8),
  uploads: Number(env.BENCH_UPLOADS || (quick ? 2 : 5)),
  openSeconds: Number(env.BENCH_OPEN_SECONDS || (quick ? 5 : 10)),
  browserLoads: Math.max(1, Number(env.BENCH_BROWSER_LOADS || (quick ? 3 : 10))),
  pages: env.BENCH_PAGES ? new RegExp(env.BENCH_PAGES) : null,
  verbose: env.BENCH_VERBOSE === '1',
  saveHtml: env.BENCH_SAVE_HTML,
  cpuProf: env.BENCH_CPU_PROF,
  nodeArgs: (env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
  serverLogs: env.BENCH_SERVER_LOGS,
};

/** How long each step took (the report prints them: where a run's minutes went). */
const steps: Array<[string, number]> = [];
async function step<T>(name: string, run: () => T | Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await run();
  } finally {
    steps.push([name, (performance.now() - start) / 1000]);
  }
}

/**
 * A quick run's whole time: the browser pass, most of it, runs the rounds that fit (bench/browser.ts,
 * `deadline`), so that a slow hour of the machine (3.7 s a cold load against 2.6) costs rounds of
 * loads, said in the report, not the promise. Less half a minute for the report and the shutdown.
 */
const QUICK_RUN_MS = 15 * 60_000 - 30_000;

async function main(): Promise<number> {
  const runStart = performance.now();
  await step('build', () => buildApps(settings));
  const servers = await step('seed and start', () => startServers(settings));
  const { api, web, bare, token, relays } = servers;
  const cookie = await signIn(web);

  const once = await checkPages({ api, token, web, bare, cookie, relays, saveHtml: settings.saveHtml });
  const js = await step('JavaScript sizes', () => measureJs({ web, bare, apiBase: `${api}/api/v1`, token, cookie }));
  const load = await step('closed loop', () => runLoad({ ...servers, cookie, ...settings }));
  // Latency at a fixed arrival rate: 60% of what the bare page served in the closed loop.
  const openLoop = await step('open loop', () =>
    runOpenLoop(
      [
        { name: 'feed', url: `${web}/`, headers: { cookie }, marker: 'role="feed"' },
        { name: 'bare', url: `${bare}/`, headers: {}, marker: 'role="feed"' },
      ],
      0.6 * load.bare.pagesPerSecond,
      settings.openSeconds,
    ),
  );
  // The direct uploads go through the bare page's counting relay, so that both ways cross one relay.
  const uploads = await step('uploads', () =>
    benchUploads({
      web,
      cookie,
      apiBase: `${relays.origin('bare')}/api/v1`,
      token,
      webPid: servers.webServer.pid!,
      probeDir: servers.probeDir,
      count: settings.uploads,
    }),
  );

  // BENCH_PAGES: the browser pass over the pages whose label it matches (and the bare page, the reference).
  const pages = (await benchPages(`${api}/api/v1`, token)).filter(
    (p) => !settings.pages || p.server === 'bare' || settings.pages.test(p.label),
  );
  const browser = await step('browser pass', () =>
    runBrowser({
      web,
      bare,
      cookie,
      pages,
      loads: settings.browserLoads,
      settle: quick ? 'quiet' : 'window',
      skipMinute: quick,
      // A quick run with the loads asked for (BENCH_BROWSER_LOADS) runs them all.
      deadline: quick && !env.BENCH_BROWSER_LOADS ? runStart + QUICK_RUN_MS : undefined,
    }),
  );

  return report({
    settings,
    once,
    load,
    openLoop,
    js: js.pages,
    uploads,
    browser,
    problems: [...js.problems, ...load.problems, ...browser.problems],
    verbose: settings.verbose,
    steps,
  });
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(`\nbench failed: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  await shutdown();
}
process.exit(code);
