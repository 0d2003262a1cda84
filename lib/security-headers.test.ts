import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, NON_PAGE_CSP, newNonce, securityHeaders, withSecurityHeaders } from './security-headers.ts';

const directives = (csp: string) => Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

describe('content security policy', () => {
  const base = { nonce: 'abc123==', apiOrigin: 'http://localhost:4000', secure: false, dev: false };

  it('runs only scripts with the nonce (and what they load), nothing inline, no eval', () => {
    const d = directives(contentSecurityPolicy(base));
    expect(d['script-src']).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]);
    expect(d['object-src']).toEqual(["'none'"]);
    expect(d['base-uri']).toEqual(["'none'"]);
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    expect(d['connect-src']).toEqual(["'self'"]);
  });

  it('frames exactly the two video players (YouTube without cookies, Vimeo) and nothing else', () => {
    const d = directives(contentSecurityPolicy(base));
    expect(d['frame-src']).toEqual(['https://www.youtube-nocookie.com', 'https://player.vimeo.com']);
    // Not YouTube's cookie-setting player, nor any other origin or scheme.
    expect(d['frame-src']).not.toContain('https://www.youtube.com');
    expect(d['frame-src'].some((s: string) => s.includes('*') || s.endsWith(':'))).toBe(false);
    expect(d['child-src']).toBeUndefined();
  });

  it('lets pictures come from the API and sign-in forms go through it', () => {
    const d = directives(contentSecurityPolicy(base));
    expect(d['img-src']).toContain('http://localhost:4000');
    // Pictures of other sites come through the image route ('self'), never straight from them.
    expect(d['img-src']).toEqual(["'self'", 'blob:', 'http://localhost:4000']);
    expect(d['form-action']).toEqual(["'self'", 'http://localhost:4000']);
  });

  it('adds eval and the websocket only for next dev, upgrade-insecure-requests only over HTTPS', () => {
    expect(directives(contentSecurityPolicy({ ...base, dev: true }))['script-src']).toContain("'unsafe-eval'");
    expect(contentSecurityPolicy(base)).not.toContain('upgrade-insecure-requests');
    expect(contentSecurityPolicy({ ...base, secure: true })).toContain('upgrade-insecure-requests');
  });

  it('uses a fresh 128-bit nonce each time, across refills of its pool of random bits', () => {
    const nonces = Array.from({ length: 1000 }, newNonce);
    for (const n of nonces) expect(Buffer.from(n, 'base64')).toHaveLength(16);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});

describe('security headers', () => {
  it('always: nosniff, a referrer policy, no framing', () => {
    expect(securityHeaders({ secure: false })).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
    });
  });

  it('HSTS only when served over HTTPS', () => {
    expect(securityHeaders({ secure: false })).not.toHaveProperty('Strict-Transport-Security');
    expect(securityHeaders({ secure: true })['Strict-Transport-Security']).toMatch(/^max-age=\d{8}/);
  });
});

describe('withSecurityHeaders (route handler answers)', () => {
  it('adds the common headers and a policy that loads nothing to an answer that is not a page', () => {
    const res = withSecurityHeaders(Response.json({ ok: true }), { secure: false, signedIn: false });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('content-security-policy')).toBe(NON_PAGE_CSP);
    expect(res.headers.get('cache-control')).toBeNull();
  });

  it('keeps a page its own policy, adds no-store for a signed-in person and HSTS over HTTPS', () => {
    const page = new Response('<p>hi</p>', {
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=60' },
    });
    const res = withSecurityHeaders(page, { secure: true, signedIn: true });
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=/);
  });

  it('copies an answer whose headers cannot change (a redirect)', async () => {
    const res = withSecurityHeaders(Response.redirect('http://localhost:3000/', 302), { secure: false, signedIn: false });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://localhost:3000/');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('withSecurityHeaders on a shared answer (the image route)', () => {
  it('keeps the Cache-Control the handler gave, and makes any other answer to a signed-in person no-store', () => {
    const picture = new Response('x', { headers: { 'content-type': 'image/png', 'cache-control': 'public, max-age=86400' } });
    expect(withSecurityHeaders(picture, { secure: false, signedIn: true, shared: true }).headers.get('cache-control')).toBe(
      'public, max-age=86400',
    );
    const refusal = Response.json({ message: 'no' }, { status: 403 });
    expect(withSecurityHeaders(refusal, { secure: false, signedIn: true, shared: true }).headers.get('cache-control')).toBe('no-store');
  });

  it('lets only the named origin frame an answer of the legacy app, and drops X-Frame-Options there', () => {
    const res = withSecurityHeaders(Response.json({}), { secure: false, signedIn: false, framedBy: 'http://localhost:4000' });
    expect(res.headers.get('content-security-policy')).toContain('frame-ancestors http://localhost:4000');
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(
      directives(
        contentSecurityPolicy({ nonce: 'n', apiOrigin: 'http://a', secure: false, dev: false, framedBy: 'http://localhost:4000' }),
      )['frame-ancestors'],
    ).toEqual(['http://localhost:4000']);
  });
});
