import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/index.ts';
import { transact } from '../../db/dialect.ts';
import { invalidParam } from '../../errors.ts';
import { block, unblock } from '../../domain/blocks.ts';
import { toOwnerSummary } from '../../domain/owners.ts';
import { paging, pagingQuery } from '../../http/paging.ts';
import type { Infer } from '../../http/schemas.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { getMemberName, listBlockedMembers } from '../../data/users.ts';

// Blocking (origin paths, scope settings; docs/api.md, "Messages"): GET /users/block lists the
// members the caller blocked, POST /users/block (id) blocks one, DELETE /users/block (id) lifts
// it. What a block stops is in domain/blocks.ts.

const idSchema = { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] } as const;
const listQuery = { type: 'object', properties: pagingQuery } as const;

/** The member named by `id`, someone else (400 naming id otherwise). */
async function otherMember(db: DB, me: number, id: number) {
  if (id === me) throw invalidParam('id', 'is your own id: you cannot block yourself');
  const user = await getMemberName(db, id);
  if (!user) throw invalidParam('id', 'is not a member of this site');
  return user;
}

export default async function blockRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get<{ Querystring: Infer<typeof listQuery> }>(
    '/block',
    { schema: { summary: 'The members the caller blocked', querystring: listQuery } },
    async (req) => {
      const me = userOf(req);
      const { limit, offset } = paging(req.query, 20);
      const rows = await listBlockedMembers(db, { userId: me, limit, offset });
      return { success: true, data: rows.map((u) => toOwnerSummary(app.config, u)) };
    },
  );

  app.post<{ Body: Infer<typeof idSchema> }>('/block', { schema: { summary: 'Block a member', body: idSchema } }, async (req) => {
    const me = userOf(req);
    return transact(db, async (trx) => {
      const other = await otherMember(trx, me, req.body.id);
      await block(trx, me, other.id);
      return { success: true, data: { message: `${other.full_name} is blocked.` } };
    });
  });

  app.delete<{ Querystring: Infer<typeof idSchema> }>(
    '/block',
    { schema: { summary: 'Unblock a member', querystring: idSchema } },
    async (req) => {
      const me = userOf(req);
      return transact(db, async (trx) => {
        const other = await otherMember(trx, me, req.query.id);
        if (!(await unblock(trx, me, other.id))) throw invalidParam('id', 'is not a member you blocked');
        return { success: true, data: { message: `${other.full_name} is no longer blocked.` } };
      });
    },
  );
}
