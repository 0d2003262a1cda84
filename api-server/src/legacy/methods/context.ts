import type { Config } from '../../config.ts';
import type { DB } from '../../db/index.ts';
import { LEGACY_ERRORS, LegacyError, PAGE_SIZE, type Envelope } from '../envelope.ts';
import type { LegacySession } from '../tokens.ts';
import type { InferProperties } from '../../http/schemas.ts';
import { getMemberId } from '../../data/users.ts';

const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;

/** The parameters of api.php's methods, as legacy/api.ts's schemas check them (the token and method aside). */
export const paramProperties = {
  page: id,
  user_id: id,
  friend_user_id: id,
  photo_name: { type: 'string', maxLength: 255 },
} as const;

/** Parameters of api.php methods, from the query (and the form body of POSTs, which may carry a `photo` file). */
export type LegacyParams = InferProperties<typeof paramProperties> & { photo?: unknown };

export interface MethodContext {
  db: DB;
  config: Config;
  session: LegacySession;
  params: LegacyParams;
}

export interface LegacyMethod {
  /** Its parameters and output, in the words of the OpenAPI document's list of methods (legacy/api.ts). */
  summary: string;
  /** Why, for a method beyond the legacy document (docs/api.md, "Extensions"): marked so in the document. */
  extension?: string;
  /** Uploads: only as POST (multipart). */
  postOnly?: boolean;
  run(ctx: MethodContext): Promise<Envelope>;
}

/** The page asked for (from 1) and its offset. */
export function pageOf(ctx: MethodContext): { page: number; offset: number; limit: number } {
  const page = ctx.params.page ?? 1;
  return { page, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE };
}

/** user_id where the document makes it optional: the token's user when omitted; error 6 when unknown. */
export async function targetUserId(ctx: MethodContext, param: 'user_id' | 'friend_user_id' = 'user_id'): Promise<number> {
  const id = ctx.params[param] ?? ctx.session.userId;
  if (id === ctx.session.userId) return id;
  const found = await getMemberId(ctx.db, id);
  if (found === undefined) throw new LegacyError(LEGACY_ERRORS.USER_NOT_FOUND, `No user has the id ${id}.`);
  return found;
}

/** Mail and notifications are private: user_id may only name the token's own user (error 7). */
export function ownUserOnly(ctx: MethodContext, what: string): number {
  const id = ctx.params.user_id;
  if (id !== undefined && id !== ctx.session.userId) {
    throw new LegacyError(LEGACY_ERRORS.NOT_ALLOWED, `Only the signed-in user's own ${what} can be read.`);
  }
  return ctx.session.userId;
}
