import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { type DB, now } from '../db/index.ts';
import { checkPassword } from './credentials.ts';

/**
 * Slows password guessing: after `perAccount` failed sign-ins for one email, or `perAddress` from
 * one network address (many emails tried from one place), within `windowSeconds`, that email or
 * address is refused until the window ends, even with the right password. It bounds online
 * guessing; it is not an account lockout (a success clears the account's count, not the
 * address's).
 *
 * The counts live in the database (migration 013), not in the process: every API instance on one
 * database shares one budget, so N instances behind a load balancer do not allow N times the
 * guesses. A failure is counted by one atomic upsert; two guesses checked at the same moment
 * may both be let through at the limit, so the budget can be overrun by the number of
 * concurrent requests, never multiplied by the number of instances.
 *
 * Shared by the sign-in page, the password grant and the /apps sign-in, so one cannot bypass
 * the others.
 */
export interface SignInThrottle {
  /** Checks a password under the throttle, counting a failure. */
  signIn(email: string, password: string, address: string): Promise<SignInOutcome>;
}

export type SignInOutcome =
  | { ok: true; userId: number }
  /** Wrong email or password: counted. */
  | { ok: false; throttled: false; message: string }
  /** Refused without checking the password: this email or address has no tries left for now. */
  | { ok: false; throttled: true; retryAfter: number; message: string };

export interface ThrottleLimits {
  perAccount?: number;
  perAddress?: number;
  windowSeconds?: number;
}

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
const addressKey = (address: string) => `address:${address}`;

export function createSignInThrottle(
  db: DB,
  { perAccount = 10, perAddress = 100, windowSeconds = 15 * 60 }: ThrottleLimits = {},
): SignInThrottle {
  /** Seconds until the first exhausted budget among `email`'s and `address`'s frees, and whose. */
  async function refusal(email: string, address: string) {
    const start = now() - windowSeconds;
    const rows = await db
      .selectFrom('sign_in_failures')
      .select(['key', 'failures', 'since'])
      .where('key', 'in', [accountKey(email), addressKey(address)])
      .where('since', '>', start)
      .execute();
    for (const row of rows) {
      const limit = row.key.startsWith('account:') ? perAccount : perAddress;
      if (row.failures >= limit) {
        return { retryAfter: Math.max(1, row.since + windowSeconds - now()), byAccount: row.key.startsWith('account:') };
      }
    }
    return null;
  }

  async function fail(email: string, address: string) {
    const t = now();
    const expired = t - windowSeconds;
    // Windows that ended are of no use: the table holds only the current ones. Two instances
    // pruning at once may deadlock on PostgreSQL; the loser's rows go with the next failure
    // (and a database that is down fails the upsert below, which reports it).
    await db
      .deleteFrom('sign_in_failures')
      .where('since', '<=', expired)
      .execute()
      .catch(() => undefined);
    for (const key of [accountKey(email), addressKey(address)]) {
      // One statement, so that instances counting at the same moment add up (no read-then-write).
      await db
        .insertInto('sign_in_failures')
        .values({ key, failures: 1, since: t })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            failures: sql<number>`case when sign_in_failures.since <= ${expired} then 1 else sign_in_failures.failures + 1 end`,
            since: sql<number>`case when sign_in_failures.since <= ${expired} then ${t} else sign_in_failures.since end`,
          }),
        )
        .execute();
    }
  }

  return {
    async signIn(email, password, address) {
      const refused = await refusal(email, address);
      if (refused) {
        const minutes = Math.ceil(refused.retryAfter / 60);
        const whose = refused.byAccount ? 'for this email' : 'from this network address';
        return {
          ok: false,
          throttled: true,
          retryAfter: refused.retryAfter,
          message: `Too many failed sign-ins ${whose}. Try again in ${minutes} minute(s).`,
        };
      }
      const userId = await checkPassword(db, email, password);
      if (userId === null) {
        await fail(email, address);
        return { ok: false, throttled: false, message: 'The email or password is incorrect.' };
      }
      await db.deleteFrom('sign_in_failures').where('key', '=', accountKey(email)).execute();
      return { ok: true, userId };
    },
  };
}

/** A sign-in form's answer to a refused password: 401 again, or 429 with Retry-After. */
export function refuseSignIn<T>(
  reply: FastifyReply,
  outcome: Exclude<SignInOutcome, { ok: true }>,
  again: (status: number, error: string) => T,
): T {
  if (!outcome.throttled) return again(401, outcome.message);
  reply.header('Retry-After', String(outcome.retryAfter));
  return again(429, outcome.message);
}
