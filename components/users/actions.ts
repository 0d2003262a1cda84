'use server';

import { withSession, type ActionResult } from '@/lib/server-action';
import { friendshipCommand, type FriendshipAnswer } from '@/lib/users/friend-commands';

// A member's friendship actions for the signed-in person (lib/users/friend-commands.ts does the
// work). A public POST endpoint: the command validates everything it is given.

export async function changeFriendship(input: unknown): Promise<ActionResult<FriendshipAnswer>> {
  return withSession((s) => friendshipCommand(s.accessToken, input));
}
