import type { FastifyInstance } from 'fastify';
import { countItemConversations, listFolder, markConversationRead, membersOf, pageMessages, searchMessages } from '../../data/messages.ts';
import { invalidParam, missingParam } from '../../errors.ts';
import { blockedAmong } from '../../domain/blocks.ts';
import { formatDate } from '../../domain/format.ts';
import { MESSAGE_ITEM_TYPES } from '../../domain/messages.ts';
import { getOwnerSummaries, missingOwner } from '../../domain/owners.ts';
import { parseFields, pick } from '../../http/fields.ts';
import { clampLimit, paging, pagingQuery, pagingNumber } from '../../http/paging.ts';
import { idParams, type IdParams, type Infer } from '../../http/schemas.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { bodyHtml } from '../../domain/text.ts';
import { DETAIL_FIELDS, LIST_FIELDS, excerptHtml, itemCards, membershipOf, participantOf, presentMessages } from './present.ts';

// GET /messages/inbox, /outbox, /search and /{id} (origin paths; docs/api.md, "Messages"), and
// GET /messages/items (an extension: the owner's conversations counted per item, for a dashboard).

type Folder = 'inbox' | 'outbox';

const listQuery = {
  type: 'object',
  properties: {
    ...pagingQuery,
    fields: { type: 'string', maxLength: 500 },
    item_type: { type: 'string', enum: MESSAGE_ITEM_TYPES },
    item_id: { type: 'integer', minimum: 1 },
  },
} as const;

/** An owner's conversations counted per item: every item of theirs that has some, or those named. */
const itemsQuery = {
  type: 'object',
  properties: {
    item_type: { type: 'string', enum: MESSAGE_ITEM_TYPES },
    item_ids: { type: 'string', maxLength: 2000, pattern: '^\\s*[1-9]\\d{0,15}(\\s*,\\s*[1-9]\\d{0,15})*\\s*$' },
  },
  required: ['item_type'],
} as const;
const ITEM_IDS_MAX = 100;

const MESSAGE_LIMIT_DEFAULT = 20;
const KEYWORDS_MAX = 100;
const idBound = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;

const searchQuery = { type: 'object', properties: { keywords: { type: 'string', maxLength: 1000 }, ...pagingQuery } } as const;
const conversationQuery = {
  type: 'object',
  properties: { fields: { type: 'string', maxLength: 500 }, message_limit: pagingNumber, maxid: idBound, minid: idBound },
} as const;

export default async function messageReadRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  function folderRoute(folder: Folder) {
    app.get<{ Querystring: Infer<typeof listQuery> }>(
      `/${folder}`,
      {
        schema: {
          summary:
            folder === 'inbox'
              ? 'The conversations others wrote in, the latest first'
              : 'The conversations the reader wrote in, the latest first',
          querystring: listQuery,
        },
      },
      async (req) => {
        const me = userOf(req);
        const q = req.query;
        const fields = parseFields(q.fields, LIST_FIELDS);
        if ((q.item_type === undefined) !== (q.item_id === undefined)) {
          throw missingParam(q.item_type === undefined ? 'item_type' : 'item_id', 'is required with the other of item_type and item_id');
        }
        const { limit, offset } = paging(q);
        const rows = await listFolder(db, {
          me,
          folder,
          item: q.item_type !== undefined && q.item_id !== undefined ? { type: q.item_type, id: q.item_id } : undefined,
          limit,
          offset,
        });
        const members = await membersOf(
          db,
          rows.map((r) => r.id),
        );
        const owners = await getOwnerSummaries(db, app.config, [...members.values()].flat());
        const cards = await itemCards(db, app.config, me, [
          ...rows.map((r) => ({ type: r.item_type, id: r.item_id })),
          ...rows.map((r) => ({ type: r.resource_type, id: r.resource_id })),
        ]);
        return {
          success: true,
          data: rows.map((r) =>
            pick(
              {
                id: r.id,
                title: r.title,
                body: excerptHtml(r.latest),
                participant: participantOf(app.config, me, r, members.get(r.id) ?? [], owners, cards),
                date: formatDate(r.folder_updated),
                read: r.inbox_read === 1,
                timestamp: r.folder_updated,
                item: (r.item_type && cards.get(`${r.item_type}:${r.item_id}`)) || null,
                locked: r.locked === 1,
              },
              fields,
            ),
          ),
        };
      },
    );
  }
  folderRoute('inbox');
  folderRoute('outbox');

  app.get<{ Querystring: Infer<typeof itemsQuery> }>(
    '/items',
    {
      schema: {
        summary: 'How many conversations (and unread ones) the reader has about each of their listings or events',
        querystring: itemsQuery,
      },
    },
    async (req) => {
      const me = userOf(req);
      const q = req.query;
      const ids = q.item_ids === undefined ? undefined : [...new Set(q.item_ids.split(',').map((s) => Number(s.trim())))];
      if (ids && ids.some((id) => !Number.isSafeInteger(id))) throw invalidParam('item_ids', 'must be item ids separated by commas');
      if (ids && ids.length > ITEM_IDS_MAX)
        throw invalidParam('item_ids', `names ${ids.length} items; ask for at most ${ITEM_IDS_MAX} at once`);
      const counts = await countItemConversations(db, { me, itemType: q.item_type, itemIds: ids });
      if (!ids) return { success: true, data: counts };
      // Every id asked for, in its order: 0 for one with none, and for one that is not the reader's.
      const byId = new Map(counts.map((c) => [c.item_id, c]));
      return { success: true, data: ids.map((id) => byId.get(id) ?? { item_id: id, total: 0, unread: 0 }) };
    },
  );

  app.get<{ Querystring: Infer<typeof searchQuery> }>(
    '/search',
    {
      schema: {
        summary: "Search the reader's messages",
        querystring: searchQuery,
      },
    },
    async (req) => {
      const me = userOf(req);
      const keywords = req.query.keywords?.trim() ?? '';
      if (!keywords) throw missingParam('keywords');
      if ([...keywords].length > KEYWORDS_MAX) throw invalidParam('keywords', `must be at most ${KEYWORDS_MAX} characters`);
      const { limit, offset } = paging(req.query);
      const rows = await searchMessages(db, { me, keywords, limit, offset });
      const owners = await getOwnerSummaries(
        db,
        app.config,
        rows.map((r) => r.sender_id),
      );
      return {
        success: true,
        data: rows.map((r) => ({
          id: r.id,
          title: r.title,
          date: formatDate(r.created_at),
          timestamp: r.created_at,
          body: bodyHtml(r.body),
          from: owners.get(r.sender_id) ?? missingOwner(app.config, r.sender_id),
          conversation: { id: r.conversation_id, title: r.title },
        })),
      };
    },
  );

  app.get<{ Params: IdParams; Querystring: Infer<typeof conversationQuery> }>(
    '/:id',
    {
      schema: {
        summary: 'One conversation, with a page of its messages',
        params: idParams,
        querystring: conversationQuery,
      },
    },
    async (req) => {
      const me = userOf(req);
      const q = req.query;
      const fields = parseFields(q.fields, DETAIL_FIELDS);
      if (q.maxid !== undefined && q.minid !== undefined)
        throw invalidParam('minid', 'send maxid (older messages) or minid (newer ones), not both');
      const c = await membershipOf(db, me, req.params.id);
      const limit = clampLimit(q.message_limit, MESSAGE_LIMIT_DEFAULT);
      const { rows, older } = await pageMessages(db, {
        conversationId: c.id,
        clearedId: c.cleared_message_id,
        limit,
        maxid: q.maxid,
        minid: q.minid,
      });
      const first = rows[0]?.id;
      if (c.inbox_read === 0) await markConversationRead(db, c.id, me);
      const members = (await membersOf(db, [c.id])).get(c.id) ?? [];
      const owners = await getOwnerSummaries(db, app.config, members);
      const others = members.filter((id) => id !== me);
      const blocked = await blockedAmong(db, me, others);
      const cards = await itemCards(db, app.config, me, [{ type: c.item_type, id: c.item_id }]);
      return {
        success: true,
        data: pick(
          {
            id: c.id,
            title: c.title,
            recipients: members.map((id) => owners.get(id) ?? missingOwner(app.config, id)),
            date: formatDate(c.updated_at),
            read: true,
            messages: await presentMessages(db, app.config, rows),
            can_reply: c.locked === 0 && others.length > 0 && blocked.size === 0,
            timestamp: c.updated_at,
            item: (c.item_type && cards.get(`${c.item_type}:${c.item_id}`)) || null,
            locked: c.locked === 1,
            // Pass as maxid for older messages (null: none older), as minid for newer ones (the poll).
            maxid: older ? (first ?? null) : null,
            minid: rows.at(-1)?.id ?? q.minid ?? null,
          },
          fields,
        ),
      };
    },
  );
}
