import type http from 'node:http';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { proxy } from '../proxy.ts';
import { refuseAtEdge } from './edge-guard.ts';

// The production server refuses what Next's protocol fails on before Next sees it; the proxy
// does the same under `next dev` and `next start`: one answer, whichever refuses.

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function atEdge(method: string, url: string, headers: Record<string, string> = {}): Answer | undefined {
  const req = { method, url, headers: { host: 'localhost:3000', ...headers } } as unknown as http.IncomingMessage;
  const answer: Answer = { status: 0, headers: {}, body: '' };
  const res = {
    writeHead(status: number, h: Record<string, string>) {
      answer.status = status;
      answer.headers = Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
    },
    end(body: string) {
      answer.body = body;
    },
  } as unknown as http.ServerResponse;
  return refuseAtEdge(req, res) ? answer : undefined;
}

async function viaProxy(method: string, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await proxy(new NextRequest(`http://localhost:3000${url}`, { method, headers }));
  return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
}

const RSC_GARBAGE = { rsc: '1', 'next-router-state-tree': 'garbage' };

describe('requests Next’s protocol fails on', () => {
  it.each([
    ['PROPFIND', '/', {}, 405],
    ['MKCOL', '/api/upload/compose', {}, 405],
    ['GET', '/albums', RSC_GARBAGE, 400],
    ['POST', '/notifications?_rsc=x', RSC_GARBAGE, 400],
    ['GET', '/_next/image?url=%2F%25ZZ&w=64&q=75', {}, 404],
  ])('%s %s is refused alike by the production server and the proxy', async (method, url, headers, status) => {
    const ours = atEdge(method, url, headers)!;
    const theirs = await viaProxy(method, url, headers);
    expect(ours.status).toBe(status);
    expect(theirs.status).toBe(status);
    expect(JSON.parse(ours.body)).toEqual(JSON.parse(theirs.body));
    for (const name of [
      'allow',
      'content-security-policy',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'content-type',
    ]) {
      expect(ours.headers[name], name).toBe(theirs.headers[name]);
    }
    expect(ours.headers['cache-control']).toBe('no-store');
  });

  it('TRACE, which Next cannot even make a request of, is refused by the production server', () => {
    expect(atEdge('TRACE', '/')).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS' } });
  });

  it('lets everything else through', () => {
    expect(atEdge('GET', '/albums')).toBeUndefined();
    expect(atEdge('GET', '/albums', { rsc: '1', 'next-router-state-tree': encodeURIComponent('["",{}]') })).toBeUndefined();
    expect(atEdge('POST', '/', { 'next-action': 'x' })).toBeUndefined();
  });
});
