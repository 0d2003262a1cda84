import type { DB } from '../db/index.ts';
import { transact } from '../db/dialect.ts';
import { forbidden, invalidParam } from '../errors.ts';

// The membership state machine events and groups share (the origin API's `getMembershipOptions`:
// no row → request or join; a member → leave, unless the owner; a request → cancel; an invitation
// → accept or reject). Each module maps its own rows onto these states and adds its own roles
// (an event's answers, a group's officers); routes/events/rules.ts and domain/groups.ts.

/** Where a person stands in an event or a group. */
export type MembershipState = 'none' | 'member' | 'invited' | 'requested';

export interface MembershipFacts {
  /** A user (not a client-credentials token). */
  signedIn: boolean;
  /** The owner: always a member, who never joins nor leaves. */
  owner: boolean;
  /** The reader's row (the owner's is `member`). */
  state: MembershipState;
  /** New members need an officer's (the owner's) approval. */
  approval: boolean;
  /** It takes new members and answers (an event that has ended does not). */
  open: boolean;
}

export interface MembershipOptions {
  /** Join now: no approval needed, or invited. A request waiting when approval was turned off may join too. */
  join: boolean;
  /** Ask to join: approval needed and no row yet. */
  request: boolean;
  /** Take back one's request. */
  cancel: boolean;
  /** Leave: a member who is not the owner. */
  leave: boolean;
  /** Accept or reject an invitation. */
  answer: boolean;
}

/** What the reader may do about their own membership, from the facts. */
export function membershipOptions(f: MembershipFacts): MembershipOptions {
  const outside = f.signedIn && f.open && !f.owner && f.state !== 'member';
  return {
    join: outside && (!f.approval || f.state === 'invited'),
    request: outside && f.approval && f.state === 'none',
    cancel: f.signedIn && f.state === 'requested',
    leave: f.signedIn && !f.owner && f.state === 'member',
    answer: outside && f.state === 'invited',
  };
}

/** Most people invited at once. */
const MAX_INVITES = 100;

/**
 * `user_ids` of an invitation: a comma-separated list of user ids, as a set (one named twice is
 * invited once), at most MAX_INVITES; 400 naming `param` otherwise.
 */
export function parseUserIds(csv: string, param = 'user_ids'): number[] {
  const parts = csv
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!parts.length || parts.some((p) => !/^[1-9]\d{0,9}$/.test(p))) {
    throw invalidParam(param, 'must be a comma-separated list of user ids');
  }
  const ids = [...new Set(parts.map(Number))];
  if (ids.length > MAX_INVITES) throw invalidParam(param, `at most ${MAX_INVITES} people at a time`);
  return ids;
}

/** The JSON schema of `user_ids` (POST …/invite). */
export const inviteBody = {
  type: 'object',
  properties: { user_ids: { type: 'string', minLength: 1, maxLength: 2000 } },
  required: ['user_ids'],
} as const;

/**
 * A membership action: in one transaction, reads the state (`load`, 404 when hidden), refuses
 * with 403 and `refusal` unless `allowed` says yes, then acts; the answer is `{message}`. The
 * check and the change see the same state, so that two requests cannot both pass the check
 * (two officers approving at once, a join racing the group's deletion).
 */
export function guardedAction<S>(
  db: DB,
  load: (trx: DB) => Promise<S>,
  allowed: (s: S) => boolean,
  refusal: string,
  act: (s: S) => Promise<string>,
): Promise<{ success: true; data: { message: string } }> {
  return transact(db, async (trx) => {
    // Inside the transaction every query goes through trx (the connection is held).
    const s = await load(trx);
    if (!allowed(s)) throw forbidden(refusal);
    return { success: true as const, data: { message: await act(s) } };
  });
}
