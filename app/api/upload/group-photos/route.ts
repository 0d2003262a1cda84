import { uploadGroupPhoto } from '@/lib/social-api/album-upload';
import { parseId } from '@/lib/params';
import { uploadRoute } from '@/lib/uploads/photo-route';
import { uploadAnswer } from '@/lib/uploads/stream-upload';

// POST /api/upload/group-photos: one photo for a group's "Add photos" page, the field `group_id`
// then the Filedata part, streamed on to POST /groups/photos_upload. It waits there, in no album,
// until the page saves (POST /groups/photos). The API decides who may add photos to which group
// (auth_photo); refusals of the file itself (other sites, size, not a photo, signed out) happen
// before anything reaches the API.

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = uploadRoute({
  field: 'Filedata',
  label: 'group photo',
  checkFields: (fields) => (parseId(fields.group_id) === undefined ? uploadAnswer(404, 'There is no such group.') : undefined),
  forward: async (token, _asSent, signal, form) => ({
    photo_id: (await uploadGroupPhoto(token, form.withFields({ group_id: parseId(form.fields.group_id) }), signal)).photoId,
  }),
});
