import { single } from '../envelope.ts';
import { expireToken } from '../tokens.ts';
import type { LegacyMethod } from './context.ts';

/**
 * auth.expireSession (an extension; the name and meaning of the old REST API the legacy document
 * comes from): ends the token it is called with, at once, so that an app whose person signs out
 * leaves no token behind that works for the rest of its two hours. A POST, as every change is.
 * Output: {expired: 1}; the token answers error 3 from then on.
 */
export const expireSession: LegacyMethod = {
  summary: 'POST. Ends the token it is called with, at once. Output `{expired: 1}`.',
  extension: 'the name and meaning of the old REST API the legacy document comes from',
  postOnly: true,
  async run(ctx) {
    await expireToken(ctx.db, ctx.session.tokenHash);
    return single({ expired: 1 });
  },
};
