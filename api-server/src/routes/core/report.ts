import type { FastifyInstance } from 'fastify';
import { badRequest, forbidden, invalidParam } from '../../errors.ts';
import { viewerOf } from '../../domain/privacy.ts';
import { REPORTABLE_TYPES, REPORT_TYPES, addReport, canReport, reportTargetOwner } from '../../domain/reports.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import type { Infer } from '../../http/schemas.ts';

const DESCRIPTION_MAX = 2000;

const reportBody = {
  type: 'object',
  properties: {
    item_type: { type: 'string', enum: REPORTABLE_TYPES },
    item_id: { type: 'integer', minimum: 1 },
    type: { type: 'string', enum: REPORT_TYPES.map((t) => t.id) },
    description: { type: 'string', maxLength: DESCRIPTION_MAX },
  },
  required: ['item_type', 'item_id', 'type', 'description'],
} as const;

export default async function reportRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/report_types',
    { schema: { summary: 'The reasons a report may give', querystring: { type: 'object', properties: {} } } },
    async () => ({
      success: true,
      data: REPORT_TYPES,
    }),
  );

  app.post<{ Body: Infer<typeof reportBody> }>(
    '/report',
    {
      schema: {
        summary: 'Report an item',
        body: reportBody,
      },
    },
    async (req) => {
      const me = userOf(req);
      const viewer = viewerOf(app.db, me);
      const { item_type: itemType, item_id: itemId, type } = req.body;
      const description = req.body.description.trim();
      if (!description) throw invalidParam('description', 'must not be empty');
      const ownerId = await reportTargetOwner(app.db, app.config, viewer, itemType, itemId);
      if (!canReport(viewer, ownerId)) throw forbidden('You cannot report your own content.');
      if (!(await addReport(app.db, { reporterId: me, itemType, itemId, type, description }))) {
        throw badRequest('You have already reported this. Our team will review your earlier report.');
      }
      return { success: true, data: { message: 'Thank you. Your report was sent and will be reviewed.' } };
    },
  );
}
