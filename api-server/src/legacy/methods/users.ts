import type { Config } from '../../config.ts';
import { DEFAULT_AVATAR_KEY, profileUrl } from '../../domain/owners.ts';
import { imageUrl } from '../../storage/images.ts';
import { single } from '../envelope.ts';
import { targetUserId, type LegacyMethod } from './context.ts';
import { getLegacyUser, type LegacyUserRow } from '../../data/users.ts';

/**
 * The document's User. `email` only with `withEmail` (user.getUser of oneself): another user's
 * email address is private, so it is left out rather than shown. Avatars are offered at 50 px
 * as a square only (photo_50px and photo_50px_square are the same picture).
 */
export function presentUser(config: Config, u: LegacyUserRow, withEmail: boolean) {
  const key = u.avatar_key ?? DEFAULT_AVATAR_KEY;
  const square50 = imageUrl(config.publicUrl, key, '50sq');
  return {
    user_id: u.id,
    user_name: u.user_name,
    full_name: u.full_name,
    joined: u.joined,
    gender: u.gender,
    country_iso: u.country_iso,
    ...(withEmail ? { email: u.email } : {}),
    photo_50px: square50,
    photo_50px_square: square50,
    photo_120px: imageUrl(config.publicUrl, key, '120'),
    photo_original: imageUrl(config.publicUrl, key, 'original'),
    profile_url: profileUrl(config, u.id),
  };
}

export const getUser: LegacyMethod = {
  summary: "`user_id` (optional). The user; `email` for the token's own member only.",
  async run(ctx) {
    const id = await targetUserId(ctx);
    const user = await getLegacyUser(ctx.db, id);
    return single(presentUser(ctx.config, user, id === ctx.session.userId));
  },
};
