import type { TokenEndpoint } from './token-manager.ts';

/**
 * Token revocation (RFC 7009) with HTTP Basic client authentication. The API revokes the whole
 * grant when given a refresh token, access tokens included. Resolves false when the API could
 * not be told (down, slow, refused); the caller forgets the tokens either way.
 */
export async function revokeToken(ep: TokenEndpoint, token: string, hint: 'refresh_token' | 'access_token'): Promise<boolean> {
  const basic = Buffer.from(`${encodeURIComponent(ep.clientId)}:${encodeURIComponent(ep.clientSecret)}`).toString('base64');
  try {
    const res = await fetch(ep.url, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ token, token_type_hint: hint }),
      signal: AbortSignal.timeout(ep.timeoutMs),
      cache: 'no-store',
    });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}
