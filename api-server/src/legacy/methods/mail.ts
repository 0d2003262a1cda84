import { unreadConversations } from '../../domain/messages.ts';
import { single } from '../envelope.ts';
import { ownUserOnly, type LegacyMethod } from './context.ts';

/** mail.getNewCount: the token's user's unread conversations, the number GET /activities/updates gives as message_count. */
export const getNewMailCount: LegacyMethod = {
  summary: "`user_id` (optional; the token's own member only). Output: the number of unread conversations.",
  async run(ctx) {
    const me = ownUserOnly(ctx, 'mail');
    return single(await unreadConversations(ctx.db, me));
  },
};
