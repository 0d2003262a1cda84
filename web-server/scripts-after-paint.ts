// A page's scripts run after its first paint. React writes each of the page's script chunks as
// `<script src async>` (the chunks of its client components in the head, Next's entry in the body),
// and an async script runs as soon as it has arrived: on a fast network, while the browser still
// waits for the stylesheet and parses the page, so the first frame waited for the chunks' work
// too. Measured at 4× CPU (docs/performance-log.md, 2026-12-05): the feed painted 250–300 ms after
// the bare page with its scripts as React writes them, 120 ms after with them run after its first
// paint (the bare page, without a stylesheet, paints before its scripts have arrived).
//
// So each such tag becomes a data block (`<script type="after-paint" data-src>`, which nothing
// fetches) and each script preload a marked link; at the first frame (a requestAnimationFrame,
// then a task, so after that frame is painted) a loader in the body makes them scripts and
// preloads again, in the order React wrote them, and a chunk written after that is added at once.
// Fetching them early and only running them late gained nothing: their loading was the cost.
// Until then the loader keeps the document's load event waiting (a chain of empty scripts), so
// `load` still comes after the page's scripts have run, as without the rewrite: a visitor's
// script, a test or a monitor that waits for `load` finds the page hydrating, not inert. A hidden
// tab, which paints no frame, adds them at once.
//
// This rewrites the HTML Next streams (web-server/server.ts runs it on every text/html answer)
// because neither Next nor React has a setting for it: React writes every script it preloads for
// the client as `async`. Written by hand: the tags are React's, one known shape (a chunk of
// /_next/static/ with `async`), in a stream that may split a tag between two writes.
import type http from 'node:http';

/** An async script of the build's: its `src`, and its other attributes. */
const CHUNK_SCRIPT = /<script src="(\/_next\/static\/[^"<>]+\.js)"([^<>]*)><\/script>/g;
/** A preload of one of the build's scripts (React's, of its entry and of chunks it will ask for). */
const SCRIPT_PRELOAD = /<link rel="preload"(?=[^<>]* as="script")(?=[^<>]* href="\/_next\/static\/[^"<>]+\.js")([^<>]*)\/>/g;
const NONCE = / nonce="([^"<>]*)"/;

/** The `type` of a chunk's data block while it waits for the first paint (also read by bench/js-size.ts). */
export const WAITING_SCRIPT_TYPE = 'after-paint';
/** The `rel` of a script preload while it waits for the first paint (also read by bench/js-size.ts). */
export const WAITING_PRELOAD_REL = 'after-paint-preload';

/**
 * The loader, written once a page, in its body after the first chunk there (an inline script in
 * the head would wait for the stylesheet and hold the parser). At the first frame after it, it
 * makes each waiting chunk (`<script type="after-paint" data-src>`, a data block no browser
 * fetches or runs) a script and each waiting preload (`<link rel="after-paint-preload">`) a
 * preload, in the document's order; once it has, each `$afterPaint()` (after a chunk of the body)
 * does the same at once. Until that frame, `hold` keeps one empty script (a `data:` URL, with the
 * page's nonce) loading at a time, each one's end starting the next: a script being fetched
 * delays the document's load event, and the page's own scripts take over before the last ends.
 * A page whose frames do not come (a frame of another site's, scrolled out of view, gets no
 * animation frames) adds its scripts a second after the loader ran, and the chain ends there.
 */
const LOADER =
  'self.$afterPaint||(function(w,d){var on=0,n=d.currentScript&&d.currentScript.nonce;' +
  "function add(o){var e=d.createElement(o.tagName==='SCRIPT'?'script':'link');" +
  "if(o.tagName==='SCRIPT'){e.src=o.getAttribute('data-src');e.async=true}else{e.rel='preload';e.as='script';e.fetchPriority='low';e.href=o.getAttribute('href')}" +
  'if(n)e.nonce=n;o.parentNode.replaceChild(e,o)}' +
  `function scan(){d.querySelectorAll('script[type=${WAITING_SCRIPT_TYPE}],link[rel=${WAITING_PRELOAD_REL}]').forEach(add)}` +
  'function go(){if(on)return;on=1;scan()}' +
  "function hold(){if(on)return;var s=d.createElement('script');s.src='data:text/javascript,';if(n)s.nonce=n;" +
  "function f(){s.remove();hold()}s.addEventListener('load',f);s.addEventListener('error',f);d.head.appendChild(s)}" +
  'w.$afterPaint=function(){if(on)scan()};' +
  "if(d.visibilityState==='hidden')setTimeout(go,0);else{hold();setTimeout(go,1000);requestAnimationFrame(function(){setTimeout(go,0)});" +
  "d.addEventListener('visibilitychange',function(){if(d.visibilityState==='hidden')go()})}})(self,document);";

/** One page's rewriter: `write` each piece of the HTML in order (latin1: one char a byte), then `end`. */
export function scriptsAfterPaint() {
  let held = '';
  let inBody = false;
  let loaderWritten = false;
  /** The nonce of the last tag rewritten, for a loader written at the body's end. */
  let lastNonce: string | null = null;
  const nonceAttr = (rest: string) => {
    const nonce = NONCE.exec(rest)?.[1];
    return (lastNonce = nonce === undefined ? '' : ` nonce="${nonce}"`);
  };
  const loader = (n: string, code: string) => {
    const out = `<script${n}>${loaderWritten ? '' : LOADER}${code}</script>`;
    loaderWritten = true;
    return out;
  };
  const chunks = (html: string) =>
    html
      .replace(CHUNK_SCRIPT, (tag, src: string, rest: string) => {
        if (!/ async=""/.test(rest) || /nomodule/i.test(rest)) return tag;
        const n = nonceAttr(rest);
        const waiting = `<script type="${WAITING_SCRIPT_TYPE}" data-src="${src}"${n}></script>`;
        return inBody ? waiting + loader(n, '$afterPaint()') : waiting;
      })
      .replace(SCRIPT_PRELOAD, (tag, attrs: string) => {
        nonceAttr(attrs);
        return `<link rel="${WAITING_PRELOAD_REL}"${attrs}/>`;
      });
  const rewrite = (html: string) => {
    let out = '';
    if (!inBody) {
      const at = html.indexOf('</head>');
      if (at === -1) return chunks(html);
      out = chunks(html.slice(0, at));
      inBody = true;
      html = html.slice(at);
    }
    out += chunks(html);
    // A page whose body names no chunk still loads its head's: the loader before `</body>`.
    if (!loaderWritten && lastNonce !== null) out = out.replace('</body>', () => `${loader(lastNonce!, '')}</body>`);
    return out;
  };
  return {
    /** The rewritten HTML up to the last whole tag; the rest waits for the next piece. */
    write(piece: string): string {
      const text = held + piece;
      // A tag cut by the piece's end: from an unclosed `<`, or a `<script` not yet closed.
      const lastOpen = text.lastIndexOf('<');
      let cut = lastOpen !== -1 && text.indexOf('>', lastOpen) === -1 ? lastOpen : text.length;
      const lastScript = text.lastIndexOf('<script');
      if (lastScript !== -1 && lastScript < cut && text.indexOf('</script>', lastScript) === -1) cut = lastScript;
      held = text.slice(cut);
      return rewrite(text.slice(0, cut));
    },
    end(): string {
      const rest = held;
      held = '';
      return rewrite(rest);
    },
  };
}

type Write = http.ServerResponse['write'];
type End = http.ServerResponse['end'];
type Callback = (error?: Error | null) => void;

const latin1 = (chunk: unknown, encoding?: unknown): string =>
  typeof chunk === 'string'
    ? Buffer.from(chunk, (encoding as BufferEncoding | undefined) ?? 'utf8').toString('latin1')
    : Buffer.from((chunk as Uint8Array).buffer, (chunk as Uint8Array).byteOffset, (chunk as Uint8Array).byteLength).toString('latin1');

/**
 * Rewrites `res`'s body when it is a page (text/html), as scriptsAfterPaint says; every other
 * answer passes untouched. Call before Next writes (and after a compression middleware, whose
 * `write` then receives the rewritten page).
 */
export function rewritePageScripts(res: http.ServerResponse): void {
  // Node's overloads, called here with the arguments as given.
  const write = res.write as (...args: unknown[]) => boolean;
  const end = res.end as (...args: unknown[]) => http.ServerResponse;
  const writeHead = res.writeHead as (...args: unknown[]) => http.ServerResponse;
  let rewriter: ReturnType<typeof scriptsAfterPaint> | null | undefined;
  const decide = () => {
    if (rewriter !== undefined) return rewriter;
    const html =
      !res.headersSent && /^text\/html\b/i.test(String(res.getHeader('content-type') ?? '')) && !res.getHeader('content-encoding');
    // The rewritten page has another length: sent without one (chunked, or compressed).
    if (html) res.removeHeader('content-length');
    return (rewriter = html ? scriptsAfterPaint() : null);
  };
  res.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
    decide();
    return writeHead.apply(this, args);
  } as typeof res.writeHead;
  res.write = function (this: http.ServerResponse, chunk: unknown, encoding?: unknown, cb?: unknown) {
    const r = decide();
    if (!r)
      return write.apply(
        this,
        [chunk, encoding, cb].filter((a) => a !== undefined),
      );
    const done = (typeof encoding === 'function' ? encoding : cb) as Callback | undefined;
    const out = r.write(latin1(chunk, typeof encoding === 'string' ? encoding : undefined));
    if (out) return write.call(this, Buffer.from(out, 'latin1'), done);
    if (done) process.nextTick(done);
    return true;
  } as Write;
  res.end = function (this: http.ServerResponse, chunk?: unknown, encoding?: unknown, cb?: unknown) {
    const r = decide();
    if (!r)
      return end.apply(
        this,
        [chunk, encoding, cb].filter((a) => a !== undefined),
      );
    const done = [chunk, encoding, cb].find((a) => typeof a === 'function') as Callback | undefined;
    // `end(null)` is an end with nothing more (Next ends a HEAD request's answer so).
    const last =
      chunk !== undefined && chunk !== null && typeof chunk !== 'function'
        ? r.write(latin1(chunk, typeof encoding === 'string' ? encoding : undefined))
        : '';
    const out = last + r.end();
    return out ? end.call(this, Buffer.from(out, 'latin1'), done) : done ? end.call(this, done) : end.call(this);
  } as End;
}
