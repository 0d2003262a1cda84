import { headers } from 'next/headers';

// The first use of `Intl` in a page (a date, a relative time, a number) makes the browser load
// ICU's locale data: in Chromium ~20–35 ms of the main thread on this machine, 75–150 ms at the
// bench's 4× slowdown, inside whichever task first formats something (a page's hydration or the
// module of its times). ICU keeps that data for the whole renderer process, so a worker that
// formats a date and a relative time once, started as the document arrives, loads it on another
// thread long before the page's scripts run, and the page's own formatters then cost ~1 ms.
// No library does this; it is a few lines. Browsers that keep ICU's data per thread only pay a
// short-lived worker. The worker's source is a blob (the CSP's worker-src allows it) so that it
// costs no request.
//
// Once a tab: a later document in the same tab (a reload, a typed address, a form sent without
// script) is drawn by the same renderer process, whose ICU data is loaded already (Chromium, full
// and headless: the first format of a page that never formatted took 22–48 ms in a fresh tab,
// 0.4–0.9 ms after one of the site's pages in that tab), and a worker costs ~30 ms of CPU to start
// and stop. The tab's sessionStorage remembers it; a new tab, whose storage is new, warms again.
const WORKER = [
  "new Intl.DateTimeFormat('en',{dateStyle:'full',timeStyle:'short'}).format(0)",
  "new Intl.RelativeTimeFormat('en',{numeric:'auto'}).format(-1,'day')",
  "(1234.5).toLocaleString('en-US')",
  'close()',
].join(';');
/** The sessionStorage key that says this tab has warmed its process's ICU data. */
const WARMED = 'intl-warmed';
// Storage that throws (turned off by the person) leaves the worker to start every time, as before.
const SCRIPT = `var w;try{w=sessionStorage.getItem('${WARMED}');sessionStorage.setItem('${WARMED}','1')}catch(e){}if(!w)try{new Worker(URL.createObjectURL(new Blob([${JSON.stringify(WORKER)}],{type:'text/javascript'})))}catch(e){}`;

/** The request's script nonce (lib/page-headers.ts), which the page's Content-Security-Policy requires of a script. */
export async function requestNonce(): Promise<string | undefined> {
  return (await headers()).get('x-nonce') ?? undefined;
}

/**
 * Put first in the site's body: a module script (it waits for no stylesheet and blocks no
 * parsing) with the request's nonce (requestNonce, which the chrome reads beside its viewer).
 */
export function WarmIntl({ nonce }: { nonce: string | undefined }) {
  return <script type="module" async nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
