import { single } from '../envelope.ts';
import { countOf, ownUserOnly, type LegacyMethod } from './context.ts';

/** mail.getNewCount: the number of unread messages of the token's user. */
export const getNewMailCount: LegacyMethod = {
  async run(ctx) {
    const me = ownUserOnly(ctx, 'mail');
    const n = await countOf(
      ctx.db
        .selectFrom('mail')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('recipient_id', '=', me)
        .where('is_read', '=', 0),
    );
    return single(n);
  },
};
