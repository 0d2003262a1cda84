import type { FastifyInstance } from 'fastify';
import { getPhoto } from '../../data/albums.ts';
import { replaceVideoPoster } from '../../data/videos.ts';
import { viewerOf } from '../../domain/privacy.ts';
import { ApiError, badRequest, forbidden, invalidParam, missingParam } from '../../errors.ts';
import { idParams, type IdParams, type Infer } from '../../http/schemas.ts';
import { MediaError } from '../../media/ffmpeg.ts';
import { storePosterFrame } from '../../media/worker.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { deleteImage, imageUrl, readImage, storeImage, type StoredImage } from '../../storage/images.ts';
import { mediaPath } from '../../storage/videos.ts';
import { getVisibleVideo, isVideoOwner } from './present.ts';

// POST /videos/{id}/thumb (extension, docs/api.md, "Videos"): the owner chooses the poster, a
// frame of their upload (`time`, taken by ffmpeg from the converted file) or one of their photos
// (`photo_id`, copied: the photo stays the photo's, and deleting either leaves the other).

const thumbForm = {
  type: 'object',
  properties: {
    time: { type: 'number', minimum: 0, maximum: 86400 },
    photo_id: { type: 'integer', minimum: 1 },
  },
} as const;

export default async function videoPosterRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Params: IdParams; Body: Infer<typeof thumbForm> }>(
    '/:id/thumb',
    {
      schema: {
        summary: "Choose a video's poster: a frame of an upload (time) or one of one's photos (photo_id)",
        params: idParams,
        body: thumbForm,
      },
    },
    async (req) => {
      const me = userOf(req);
      const viewer = viewerOf(app.db, me);
      const row = await getVisibleVideo(app.db, viewer, req.params.id);
      if (!isVideoOwner(viewer, row)) throw forbidden("Only its owner may choose this video's poster.");
      const { time, photo_id: photoId } = req.body ?? {};
      if (time === undefined && photoId === undefined) throw missingParam('time', 'or photo_id is required');
      if (time !== undefined && photoId !== undefined) throw invalidParam('photo_id', 'cannot be sent with time: choose one');
      if (row.status !== 'processed') throw badRequest('The video is not converted yet: its poster can be chosen once it is.');

      let poster: StoredImage;
      if (time !== undefined) {
        if (row.type !== 'upload' || !row.file_key) {
          throw invalidParam('time', "is for an uploaded video: a link's frames are its provider's (send photo_id)");
        }
        if (row.duration !== null && time > row.duration) throw invalidParam('time', `must be within the video's ${row.duration} s`);
        try {
          poster = await storePosterFrame(app.config, mediaPath(app.config.dataDir, row.file_key), time);
        } catch (err) {
          if (err instanceof MediaError) throw invalidParam('time', 'is a moment of the video no picture could be taken at');
          throw err;
        }
      } else {
        const photo = await getPhoto(app.db, photoId!);
        if (!photo || photo.owner_id !== me) throw invalidParam('photo_id', 'must be the id of one of your photos');
        const bytes = await readImage(app.config.dataDir, photo.image_key, 'original');
        if (!bytes) throw invalidParam('photo_id', 'is a photo whose picture is gone');
        poster = await storeImage(app.config.dataDir, bytes, 'photo_id');
      }
      if (!(await replaceVideoPoster(app.db, row.id, row.poster_key, poster.key))) {
        await deleteImage(app.config.dataDir, poster.key);
        throw new ApiError(409, 'conflict', 'The video changed meanwhile (another poster was chosen, or it was deleted): try again.');
      }
      await deleteImage(app.config.dataDir, row.poster_key);
      return {
        success: true,
        data: {
          message: 'The poster was changed.',
          poster: imageUrl(app.config.publicUrl, poster.key, '1024'),
          thumb: imageUrl(app.config.publicUrl, poster.key, '240'),
        },
      };
    },
  );
}
