import type { FastifyInstance } from 'fastify';
import { forbidden, invalidParam, missingParam } from '../../errors.ts';
import { checkCategory } from '../../domain/options.ts';
import { ACT_ROLES, GROUP_ROLES, groupFlags, INVITE_ROLES, type GroupFlags } from '../../domain/groups.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { deleteImage, storeImage } from '../../storage/images.ts';
import { deleteGroup, insertGroup, updateGroup, type GroupRow } from '../../data/groups.ts';
import { idParams, type IdParams, type Infer } from '../../http/schemas.ts';
import { optionalFile } from '../../http/multipart.ts';
import { getVisibleGroup } from './access.ts';

const TITLE_MAX = 255;
const DESCRIPTION_MAX = 10000;

const flag = { type: 'integer', enum: [0, 1] } as const;
const actRole = { type: 'string', enum: [...ACT_ROLES] } as const;

/**
 * The origin's group form. No defaults here: an edit leaves what it does not send unchanged, and
 * creation applies its own (docs/api.md, "Groups").
 */
const groupForm = {
  type: 'object',
  properties: {
    title: { type: 'string', maxLength: TITLE_MAX },
    description: { type: 'string', maxLength: DESCRIPTION_MAX },
    // 0 clears the category.
    category_id: { type: 'integer', minimum: 0 },
    allow_search: flag,
    approval: flag,
    auth_invite: { type: 'string', enum: [...INVITE_ROLES] },
    auth_view: { type: 'string', enum: [...GROUP_ROLES] },
    auth_comment: actRole,
    auth_photo: actRole,
    auth_event: actRole,
    photo: {},
  },
} as const;
type GroupForm = Infer<typeof groupForm>;

/** The title sent, trimmed: 400 when it is empty, and when a new group has none. */
function titleOf(b: GroupForm, required: boolean): string | undefined {
  if (b.title === undefined && !required) return undefined;
  const title = b.title?.trim();
  if (!title) throw b.title === undefined ? missingParam('title') : invalidParam('title', 'must not be empty');
  return title;
}

export default async function groupWriteRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const { dataDir } = app.config;

  app.post<{ Body: GroupForm }>(
    '/',
    { config: { files: ['photo'] }, schema: { summary: 'Create a group (its creator is its owner and first officer)', body: groupForm } },
    async (req) => {
      const me = userOf(req);
      const b = req.body;
      const title = titleOf(b, true)!;
      const categoryId = b.category_id || null;
      await checkCategory(db, 'group', categoryId);
      const photo = optionalFile(b.photo, 'photo');
      const img = photo ? await storeImage(dataDir, photo, 'photo') : undefined;
      try {
        const id = await insertGroup(db, {
          ownerId: me,
          values: {
            title,
            description: b.description?.trim() ?? '',
            category_id: categoryId,
            allow_search: b.allow_search ?? 1,
            approval: b.approval ?? 0,
            auth_invite: b.auth_invite ?? 'member',
            auth_view: b.auth_view ?? 'everyone',
            auth_comment: b.auth_comment ?? 'member',
            auth_photo: b.auth_photo ?? 'member',
            auth_event: b.auth_event ?? 'officer',
            image_key: img?.key ?? null,
            image_width: img?.width ?? null,
            image_height: img?.height ?? null,
          },
        });
        return { success: true, data: { id } };
      } catch (err) {
        if (img) await deleteImage(dataDir, img.key);
        throw err;
      }
    },
  );

  /** The group for one who may `flag` it: 404 when the reader may not see it, 403 when they may not act. */
  async function manageable(userId: number | null, id: number, flag: keyof GroupFlags, refusal: string): Promise<GroupRow> {
    const { group, membership } = await getVisibleGroup(db, userId, id);
    if (!groupFlags(group, userId, membership)[flag]) throw forbidden(refusal);
    return group;
  }

  app.post<{ Params: IdParams; Body: GroupForm }>(
    '/:id',
    {
      config: { files: ['photo'] },
      schema: { summary: 'Edit a group (its officers): what is not sent stays as it is', params: idParams, body: groupForm },
    },
    async (req) => {
      const group = await manageable(req.auth.userId, req.params.id, 'can_edit', "Only the group's owner and officers may edit it.");
      const b = req.body;
      const categoryId = b.category_id === undefined ? group.category_id : b.category_id || null;
      await checkCategory(db, 'group', categoryId);
      const photo = optionalFile(b.photo, 'photo');
      const img = photo ? await storeImage(dataDir, photo, 'photo') : undefined;
      try {
        await updateGroup(db, group.id, {
          title: titleOf(b, false) ?? group.title,
          description: b.description?.trim() ?? group.description,
          category_id: categoryId,
          allow_search: b.allow_search ?? group.allow_search,
          approval: b.approval ?? group.approval,
          auth_invite: b.auth_invite ?? group.auth_invite,
          auth_view: b.auth_view ?? group.auth_view,
          auth_comment: b.auth_comment ?? group.auth_comment,
          auth_photo: b.auth_photo ?? group.auth_photo,
          auth_event: b.auth_event ?? group.auth_event,
          image_key: img?.key ?? group.image_key,
          image_width: img ? img.width : group.image_width,
          image_height: img ? img.height : group.image_height,
        });
      } catch (err) {
        if (img) await deleteImage(dataDir, img.key);
        throw err;
      }
      if (img) await deleteImage(dataDir, group.image_key);
      return { success: true };
    },
  );

  app.delete<{ Params: IdParams }>(
    '/:id',
    { schema: { summary: 'Delete a group with its wall and memberships (its owner)', params: idParams } },
    async (req) => {
      const group = await manageable(req.auth.userId, req.params.id, 'can_delete', 'Only the owner of a group may delete it.');
      const photoKeys = await deleteGroup(db, group.id);
      for (const key of [group.image_key, ...photoKeys]) await deleteImage(dataDir, key);
      return { success: true, data: { message: 'The group was deleted.' } };
    },
  );
}
