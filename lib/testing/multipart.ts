// Requests with multipart bodies as a browser sends them, for the upload routes' tests.

/** The web app's origin in these requests. */
export const ORIGIN = 'http://localhost:3999';

export type Part = { name: string; value: string } | { name: string; file: Buffer; fileName: string; type?: string };

/** A multipart body as a browser sends it (undici's FormData), with the headers a browser sets. */
export async function formRequest(parts: Part[], headers: Record<string, string | undefined> = {}, chunkSize?: number): Promise<Request> {
  const form = new FormData();
  for (const p of parts) {
    if ('file' in p) form.append(p.name, new Blob([new Uint8Array(p.file)], { type: p.type ?? 'image/png' }), p.fileName);
    else form.append(p.name, p.value);
  }
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  return rawRequest(
    body,
    {
      'content-type': encoded.headers.get('content-type')!,
      'content-length': String(body.length),
      origin: ORIGIN,
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
    chunkSize,
  );
}

/** A request whose body arrives in chunks of `chunkSize` bytes (all at once without it). */
export function rawRequest(body: Buffer, headers: Record<string, string | undefined>, chunkSize = body.length || 1): Request {
  const h = new Headers();
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) h.set(k, v);
  // A stream, as a route handler gets it: nothing of the body is read unless the route reads it.
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < body.length; at += chunkSize) controller.enqueue(new Uint8Array(body.subarray(at, at + chunkSize)));
      controller.close();
    },
  });
  return new Request(`${ORIGIN}/api/upload/photos`, { method: 'POST', body: stream, headers: h, duplex: 'half' } as RequestInit);
}
