import { addMessage, createConversation } from '../domain/messages.ts';
import type { SeedContext } from './context.ts';

/**
 * Demo data of the messages module (the legacy mail's conversations are seedLegacy's): a buyer's
 * "Contact seller" about one of Demo User's open listings, answered, with the buyer's last word
 * still unread, so that the inbox shows an item's conversation and its card.
 */
export async function seedMessages(ctx: SeedContext): Promise<void> {
  const { db, t0, users } = ctx;
  ctx.log('seeding messages…');
  const listing = await db
    .selectFrom('classifieds')
    .select(['id', 'title'])
    .where('owner_id', '=', users[0]!)
    .where('is_closed', '=', 0)
    .orderBy('id')
    .executeTakeFirst();
  if (!listing) return;
  const [seller, buyer] = [users[0]!, users[7]!];
  const thread: Array<[number, string]> = [
    [buyer, `Hi! Is the ${listing.title.toLowerCase()} still available?`],
    [seller, 'Yes, it is. Would you like to come and see it this week?'],
    [buyer, 'Great, could I come by on Thursday evening?'],
  ];
  const start = t0 - 2 * 3_600;
  const conversationId = await createConversation(db, {
    creatorId: buyer,
    title: listing.title,
    memberIds: [seller],
    item: { type: 'classified', id: listing.id },
    at: start,
  });
  for (const [i, [from, text]] of thread.entries()) {
    await addMessage(db, { conversationId, senderId: from, text, at: start + i * 1_200 });
  }
}
