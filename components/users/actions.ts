'use server';

import { refreshSessionUser } from '@/lib/auth/session';
import { withSession, type ActionResult } from '@/lib/server-action';
import { friendshipCommand, type FriendshipAnswer } from '@/lib/users/friend-commands';
import { profilePhotoCommand, type ProfilePhotoAnswer } from '@/lib/users/profile-photo-command';

// A member's actions for the signed-in person (lib/users/ does the work): friendship, and one's
// own profile picture. Public POST endpoints: each command validates everything it is given.

export async function changeFriendship(input: unknown): Promise<ActionResult<FriendshipAnswer>> {
  return withSession((s) => friendshipCommand(s.accessToken, input));
}

/**
 * Makes a square of one of the reader's photos their picture; the session then keeps the new
 * picture, so the header shows it on the next render (the form calls router.refresh()).
 */
export async function saveProfilePhoto(input: unknown): Promise<ActionResult<ProfilePhotoAnswer>> {
  return withSession(async (s) => {
    const result = await profilePhotoCommand(s.accessToken, input);
    if (!result.ok) return result;
    try {
      await refreshSessionUser(s, { name: result.data.me.name, image: result.data.me.image });
    } catch (e) {
      // The picture is saved: the header catches up at the session's next token refresh.
      console.error('[profile photo] the session keeps the previous picture for now', e);
    }
    return result;
  });
}
