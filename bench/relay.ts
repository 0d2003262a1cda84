// Counting relays for `npm run bench`: one small HTTP relay per web server, in front of the
// API, so the bench can tell how many API requests a page render costs. A relay streams
// both ways (no buffering), listens on 127.0.0.1 only, and counts each request by method and
// route. The relays run in a worker thread of their own, so neither their work nor the load
// generator's (in the main thread) slows the other down, and neither counts as the web
// servers' CPU time.
import http from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

export interface RelayCounts {
  /** Requests the relay received since its last reset. */
  total: number;
  /** The same, by `METHOD /path` (numbers in the path as :id, without the query). */
  byRoute: Record<string, number>;
}

interface RelayConfig {
  upstream: string;
  names: string[];
}

type Request = { id: number; op: 'reset' | 'counts'; name: string };
type Reply = { id: number; counts?: RelayCounts };

// Hop-by-hop headers (RFC 9110 §7.6.1) stay with the connection they came on.
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);
const endToEnd = (headers: http.IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([k]) => !HOP.has(k)));

function route(method: string | undefined, url: string | undefined): string {
  const pathname = (url ?? '/').split('?')[0]!.replace(/\/\d+(?=\/|$)/g, '/:id');
  return `${method ?? 'GET'} ${pathname}`;
}

async function runRelays({ upstream, names }: RelayConfig) {
  const target = new URL(upstream);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const counts = new Map<string, RelayCounts>();
  const ports: Record<string, number> = {};
  for (const name of names) {
    const mine: RelayCounts = { total: 0, byRoute: {} };
    counts.set(name, mine);
    const server = http.createServer((req, res) => {
      mine.total += 1;
      const key = route(req.method, req.url);
      mine.byRoute[key] = (mine.byRoute[key] ?? 0) + 1;
      const up = http.request(
        {
          hostname: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...endToEnd(req.headers), host: target.host },
          agent,
        },
        (upRes) => {
          res.writeHead(upRes.statusCode ?? 502, upRes.statusMessage, endToEnd(upRes.headers));
          upRes.pipe(res);
        },
      );
      up.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(up);
    });
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    ports[name] = (server.address() as { port: number }).port;
  }
  parentPort!.on('message', (msg: Request) => {
    const mine = counts.get(msg.name)!;
    if (msg.op === 'reset') {
      mine.total = 0;
      mine.byRoute = {};
      parentPort!.postMessage({ id: msg.id } satisfies Reply);
    } else {
      parentPort!.postMessage({ id: msg.id, counts: { total: mine.total, byRoute: { ...mine.byRoute } } } satisfies Reply);
    }
  });
  parentPort!.postMessage({ ready: ports });
}

if (!isMainThread && (workerData as { relay?: RelayConfig } | null)?.relay) {
  await runRelays((workerData as { relay: RelayConfig }).relay);
}

/** The relays, seen from the bench: one per name, each forwarding to `upstream`. */
export class Relays {
  private next = 0;
  private readonly waiting = new Map<number, (reply: Reply) => void>();

  private readonly worker: Worker;
  private readonly ports: Record<string, number>;

  private constructor(worker: Worker, ports: Record<string, number>) {
    this.worker = worker;
    this.ports = ports;
    worker.on('message', (msg: Reply) => {
      this.waiting.get(msg.id)?.(msg);
      this.waiting.delete(msg.id);
    });
  }

  static async start(upstream: string, names: string[]): Promise<Relays> {
    const worker = new Worker(new URL(import.meta.url), { workerData: { relay: { upstream, names } satisfies RelayConfig } });
    const ports = await new Promise<Record<string, number>>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('message', (msg: { ready: Record<string, number> }) => resolve(msg.ready));
    });
    return new Relays(worker, ports);
  }

  /** The relay's origin, e.g. http://127.0.0.1:40123 */
  origin(name: string): string {
    return `http://127.0.0.1:${this.ports[name]}`;
  }

  private ask(op: Request['op'], name: string): Promise<Reply> {
    const id = (this.next += 1);
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.worker.postMessage({ id, op, name } satisfies Request);
    });
  }

  async reset(name: string): Promise<void> {
    await this.ask('reset', name);
  }

  async counts(name: string): Promise<RelayCounts> {
    return (await this.ask('counts', name)).counts!;
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
