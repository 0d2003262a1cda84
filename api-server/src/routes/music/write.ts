import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deletePlaylist, insertPlaylist, updatePlaylist, type PlaylistValues } from '../../data/music.ts';
import { listPlaylistSongIds, listSongsByIds, setSongOrder } from '../../data/songs.ts';
import { transact } from '../../db/dialect.ts';
import type { DB } from '../../db/index.ts';
import { privacyParam } from '../../domain/options.ts';
import { viewerOf } from '../../domain/privacy.ts';
import { forbidden, invalidParam } from '../../errors.ts';
import { checkWholeOrder, parseIdList } from '../../http/id-list.ts';
import { optionalFile } from '../../http/multipart.ts';
import { optionalTitle } from '../../http/text.ts';
import { idParams, type IdParams, type Infer } from '../../http/schemas.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { deleteImage, fileStore, storeImage } from '../../storage/images.ts';
import { deleteSongFiles } from '../../storage/songs.ts';
import { getVisiblePlaylist, isOwner } from './present.ts';

const TITLE_MAX = 255;
const DESCRIPTION_MAX = 5000;
/** Most songs a playlist's form names, and a new order puts in place (every song of it, at once). */
const MAX_SONGS = 1000;

const settingProperties = {
  title: { type: 'string', maxLength: TITLE_MAX },
  description: { type: 'string', maxLength: DESCRIPTION_MAX },
  // The origin's name; allow_search is the other modules' (either is taken).
  search: { type: 'integer', enum: [0, 1] },
  allow_search: { type: 'integer', enum: [0, 1] },
  auth_view: privacyParam,
  auth_comment: privacyParam,
  song_ids: { type: 'string', maxLength: MAX_SONGS * 17 },
  art: {},
} as const;
const newPlaylist = { type: 'object', properties: settingProperties, required: ['title'] } as const;
const playlistEdit = { type: 'object', properties: settingProperties } as const;
const orderBody = {
  type: 'object',
  properties: { song_ids: { type: 'string', maxLength: MAX_SONGS * 17 } },
  required: ['song_ids'],
} as const;

/** The songs a form names (`song_ids`, the origin's): the member's own, each once, in that order. */
async function ownSongIds(db: DB, me: number, csv: string | undefined): Promise<number[]> {
  if (!csv?.trim()) return [];
  const ids = parseIdList(csv, MAX_SONGS, 'song_ids', 'song');
  const own = new Set((await listSongsByIds(db, ids)).filter((s) => s.owner_id === me).map((s) => s.id));
  const strangers = ids.filter((id) => !own.has(id));
  if (strangers.length) throw invalidParam('song_ids', `${strangers.join(', ')}: not songs of yours`);
  return ids;
}

/** Removes the files of deleted songs: a converted upload's, and a legacy song's public one. */
export async function removeSongFiles(dataDir: string, songs: ReadonlyArray<{ id: number; in_media: number; file_key?: string }>) {
  for (const s of songs) {
    if (s.in_media) await deleteSongFiles(dataDir, s.id);
    else if (s.file_key) await fileStore(dataDir).removeAll(s.file_key);
  }
}

export default async function musicWriteRoutes(app: FastifyInstance): Promise<void> {
  async function ownPlaylist(req: FastifyRequest, id: number, action: string) {
    const viewer = viewerOf(app.db, userOf(req));
    const row = await getVisiblePlaylist(app.db, viewer, id);
    if (!isOwner(viewer, row)) throw forbidden(`Only its owner may ${action} this playlist.`);
    return row;
  }

  app.post<{ Body: Infer<typeof newPlaylist> }>(
    '/',
    {
      config: { files: ['art'] },
      schema: { summary: 'Create a playlist (with the songs song_ids, uploaded with POST /music/songs)', body: newPlaylist },
    },
    async (req) => {
      const me = userOf(req);
      const b = req.body;
      const title = optionalTitle(b.title)!;
      const songIds = await ownSongIds(app.db, me, b.song_ids);
      const art = optionalFile(b.art, 'art');
      const img = art ? await storeImage(app.config.dataDir, art, 'art') : undefined;
      const values: PlaylistValues = {
        title,
        description: b.description?.trim() ?? '',
        allow_search: b.allow_search ?? b.search ?? 1,
        auth_view: b.auth_view ?? 'everyone',
        auth_comment: b.auth_comment ?? 'everyone',
        image_key: img?.key ?? null,
        image_width: img?.width ?? null,
        image_height: img?.height ?? null,
      };
      try {
        const id = await insertPlaylist(app.db, { ownerId: me, values, songIds });
        return { success: true, data: { id } };
      } catch (err) {
        await deleteImage(app.config.dataDir, img?.key);
        throw err;
      }
    },
  );

  app.post<{ Params: IdParams; Body: Infer<typeof playlistEdit> }>(
    '/:id',
    {
      config: { files: ['art'] },
      schema: { summary: 'Edit a playlist (song_ids are added at its end)', params: idParams, body: playlistEdit },
    },
    async (req) => {
      const row = await ownPlaylist(req, req.params.id, 'edit');
      const b = req.body ?? {};
      const title = optionalTitle(b.title);
      const songIds = await ownSongIds(app.db, row.owner_id, b.song_ids);
      const art = optionalFile(b.art, 'art');
      const img = art ? await storeImage(app.config.dataDir, art, 'art') : undefined;
      const allowSearch = b.allow_search ?? b.search;
      try {
        await updatePlaylist(app.db, {
          id: row.id,
          songIds,
          values: {
            ...(title !== undefined ? { title } : {}),
            ...(b.description !== undefined ? { description: b.description.trim() } : {}),
            ...(allowSearch !== undefined ? { allow_search: allowSearch } : {}),
            ...(b.auth_view !== undefined ? { auth_view: b.auth_view } : {}),
            ...(b.auth_comment !== undefined ? { auth_comment: b.auth_comment } : {}),
            ...(img ? { image_key: img.key, image_width: img.width, image_height: img.height } : {}),
          },
        });
      } catch (err) {
        await deleteImage(app.config.dataDir, img?.key);
        throw err;
      }
      if (img) await deleteImage(app.config.dataDir, row.image_key);
      return { success: true };
    },
  );

  app.delete<{ Params: IdParams }>('/:id', { schema: { summary: 'Delete a playlist with its songs', params: idParams } }, async (req) => {
    const row = await ownPlaylist(req, req.params.id, 'delete');
    const { imageKey, songs } = await deletePlaylist(app.db, row.id);
    // Files go once the rows are gone for good.
    await deleteImage(app.config.dataDir, imageKey);
    await removeSongFiles(app.config.dataDir, songs);
    return { success: true, data: { message: 'The playlist has been deleted.' } };
  });

  // Extension (docs/api.md, "Music"): the owner puts the playlist's songs in a new order;
  // song_ids names every song of it exactly once, as POST /albums/{id}/order does photos.
  app.post<{ Params: IdParams; Body: Infer<typeof orderBody> }>(
    '/:id/order',
    {
      schema: {
        summary: "Put a playlist's songs in an order",
        params: idParams,
        body: orderBody,
      },
    },
    async (req) => {
      const row = await ownPlaylist(req, req.params.id, 'reorder');
      const order = parseIdList(req.body.song_ids, MAX_SONGS, 'song_ids', 'song');
      await transact(app.db, async (trx) => {
        checkWholeOrder(order, await listPlaylistSongIds(trx, row.id), 'song_ids', 'song', 'playlist');
        await setSongOrder(trx, order);
      });
      return { success: true, data: { message: 'The playlist was put in the new order.' } };
    },
  );
}
