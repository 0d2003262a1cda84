import { createHash } from 'node:crypto';
import type { DB } from '../db/index.ts';
import { ApiError } from '../errors.ts';

// The messages' limits (issue 47; docs/api.md, "Messages"), against spam from day one. They are
// counted in the database (message_events, migration 016), inside the sending transaction, so
// that every API instance on one database shares them: on PostgreSQL that transaction is
// serializable (db/dialect.ts transact), so two sends checked at the same moment on two
// instances cannot both pass the last free place — one of them runs again and sees the other.

export const MESSAGE_LIMITS = {
  /** New conversations a day with members who are not friends… */
  strangersPerDay: 10,
  /** …and for an account younger than `youngAccountDays`. */
  strangersPerDayYoung: 3,
  youngAccountDays: 3,
  /** Messages (new conversations and replies) a minute. */
  messagesPerMinute: 20,
  /** The same text to more than this many non-friends within an hour is refused. */
  sameTextStrangers: 5,
} as const;

const MINUTE = 60;
const HOUR = 3_600;
const DAY = 86_400;

/** The same text, however it is spaced or cased. */
const textHash = (text: string): string => createHash('sha256').update(text.trim().replace(/\s+/g, ' ').toLowerCase()).digest('hex');

function tooMany(message: string, retryAfter: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfter));
  return new ApiError(429, 'too_many_requests', `${message} Try again in ${waitWords(seconds)}.`, undefined, {
    'Retry-After': String(seconds),
  });
}

function waitWords(seconds: number): string {
  if (seconds < 120) return `${seconds} seconds`;
  if (seconds < 2 * HOUR) return `${Math.ceil(seconds / MINUTE)} minutes`;
  return `${Math.ceil(seconds / HOUR)} hours`;
}

/** The `n`-th newest event of a kind within `window` (the one whose expiry frees a place), or undefined below `n`. */
async function nthNewest(db: DB, userId: number, kind: string, window: number, n: number, t: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('message_events')
    .select('at')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('at', '>', t - window)
    .orderBy('at', 'desc')
    .offset(n - 1)
    .limit(1)
    .executeTakeFirst();
  return row?.at;
}

export interface Sending {
  userId: number;
  /** When the sender's account was made (users.joined). */
  joined: number;
  /** The message's text. */
  text: string;
  /** A new conversation (or an item's conversation opened again): counted against the strangers' limits. */
  opens: boolean;
  /** Recipients who are not the sender's friends. */
  strangers: readonly number[];
  at: number;
}

/** Refuses (429 with Retry-After) a send over a limit; otherwise counts it. Call inside the sending transaction. */
export async function checkAndCountSend(db: DB, s: Sending): Promise<void> {
  const t = s.at;
  // The sender's own old counts only: senders on other instances do not contend for the same rows.
  await db
    .deleteFrom('message_events')
    .where('user_id', '=', s.userId)
    .where('at', '<=', t - DAY)
    .execute();

  const oldestInMinute = await nthNewest(db, s.userId, 'message', MINUTE, MESSAGE_LIMITS.messagesPerMinute, t);
  if (oldestInMinute !== undefined) {
    throw tooMany(`You have sent ${MESSAGE_LIMITS.messagesPerMinute} messages in the last minute.`, oldestInMinute + MINUTE - t);
  }
  const hash = textHash(s.text);
  if (s.opens && s.strangers.length) {
    const young = t - s.joined < MESSAGE_LIMITS.youngAccountDays * DAY;
    const perDay = young ? MESSAGE_LIMITS.strangersPerDayYoung : MESSAGE_LIMITS.strangersPerDay;
    const oldestInDay = await nthNewest(db, s.userId, 'stranger_conversation', DAY, perDay, t);
    if (oldestInDay !== undefined) {
      const who = young ? ' (a new account, younger than 3 days)' : '';
      throw tooMany(
        `You can start at most ${perDay} conversations a day with members who are not your friends${who}.`,
        oldestInDay + DAY - t,
      );
    }
    const earlier = await db
      .selectFrom('message_events')
      .select(['recipient_id', 'at'])
      .where('user_id', '=', s.userId)
      .where('kind', '=', 'stranger_text')
      .where('text_hash', '=', hash)
      .where('at', '>', t - HOUR)
      .orderBy('at')
      .execute();
    const reached = new Set(earlier.map((e) => e.recipient_id));
    for (const id of s.strangers) reached.add(id);
    if (reached.size > MESSAGE_LIMITS.sameTextStrangers) {
      throw tooMany(
        `You have sent this text to ${MESSAGE_LIMITS.sameTextStrangers} members who are not your friends within an hour; write to each in your own words.`,
        (earlier[0]?.at ?? t) + HOUR - t,
      );
    }
  }

  await db
    .insertInto('message_events')
    .values([
      { user_id: s.userId, kind: 'message', at: t, recipient_id: null, text_hash: null },
      ...(s.opens && s.strangers.length
        ? [
            { user_id: s.userId, kind: 'stranger_conversation', at: t, recipient_id: null, text_hash: null },
            ...s.strangers.map((id) => ({ user_id: s.userId, kind: 'stranger_text', at: t, recipient_id: id, text_hash: hash })),
          ]
        : []),
    ])
    .execute();
}
