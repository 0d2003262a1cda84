import { postToTokenEndpoint, type TokenEndpoint } from './token-manager.ts';

/**
 * Token revocation (RFC 7009) with HTTP Basic client authentication. The API revokes the whole
 * grant when given a refresh token, access tokens included. Resolves false when the API could
 * not be told (down, slow, refused); the caller forgets the tokens either way.
 */
export async function revokeToken(ep: TokenEndpoint, token: string, hint: 'refresh_token' | 'access_token'): Promise<boolean> {
  try {
    return (await postToTokenEndpoint(ep, { token, token_type_hint: hint })).ok;
  } catch {
    return false;
  }
}
