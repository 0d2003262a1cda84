import type { FastifyInstance } from 'fastify';
import { PRIVACY_MESSAGE } from '../../domain/messages.ts';
import type { Infer } from '../../http/schemas.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { getPrivacyMessage, updatePrivacyMessage } from '../../data/users.ts';

// Who may message me (origin paths GET/POST /users/settings_privacy, scope settings; the field
// privacy_message is ours: docs/api.md, "Messages"). `everyone` (every signed-in member),
// `friends` (the default) or `none`; an item's owner is still reachable about the item, and
// replies in a conversation one is in always pass (domain/messages.ts startRefusal).

const privacyBody = {
  type: 'object',
  properties: { privacy_message: { type: 'string', enum: PRIVACY_MESSAGE } },
  required: ['privacy_message'],
} as const;

export default async function settingsPrivacyRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get(
    '/settings_privacy',
    { schema: { summary: 'Who may start a conversation with the caller', querystring: { type: 'object', properties: {} } } },
    async (req) => {
      const me = userOf(req);
      return { success: true, data: { privacy_message: await getPrivacyMessage(db, me) } };
    },
  );

  app.post<{ Body: Infer<typeof privacyBody> }>(
    '/settings_privacy',
    {
      schema: {
        summary: 'Set who may start a conversation with the caller',
        body: privacyBody,
      },
    },
    async (req) => {
      const me = userOf(req);
      await updatePrivacyMessage(db, me, req.body.privacy_message);
      return { success: true, data: { message: 'Your privacy settings were saved.', privacy_message: req.body.privacy_message } };
    },
  );
}
