import { CHECK_FIELDS } from '../action-result.ts';
import { createVideoUpload, uploadComposeVideo, videoSettingsForm, type ComposedVideo } from '../social-api/videos.ts';
import { uploadRoute, type UploadRouteOptions } from '../uploads/photo-route.ts';
import { uploadAnswer, type UploadKind } from '../uploads/stream-upload.ts';
import { fieldErrorsOf } from '../validations/field-errors.ts';
import { notAVideoMessage, sniffVideoType, VIDEO_KINDS_TEXT, VIDEO_SNIFF_BYTES } from '../validations/video-file.ts';
import { toVideoFieldErrors, videoUploadSchema, type VideoUploadValues } from '../validations/video.ts';
import { settingsInput } from './commands.ts';

// POST /api/upload/video (app/api/upload/video): a new video, its settings and its file in one
// request as the API takes it (POST /videos, type=upload, the Filedata part). The browser sends the
// form's values as one JSON field, `video`, before the file; they pass the form's schema or
// nothing reaches the API, which then receives the fields as written here, then the file as it
// arrives (lib/uploads/stream-upload.ts: the web server holds its head only, never the file).

const VIDEO_UPLOAD: UploadKind = {
  sniffBytes: VIDEO_SNIFF_BYTES,
  sniff: sniffVideoType,
  one: 'video',
  plural: 'videos',
  notThis: notAVideoMessage,
  accepted: VIDEO_KINDS_TEXT,
};

function checkedValues(fields: Record<string, string>): { values: VideoUploadValues } | { fieldErrors: Record<string, string> } {
  let raw: unknown;
  try {
    raw = JSON.parse(fields.video ?? '');
  } catch {
    return { fieldErrors: { form: 'The video’s fields were not sent.' } };
  }
  const parsed = videoUploadSchema.safeParse(raw);
  return parsed.success ? { values: parsed.data } : { fieldErrors: fieldErrorsOf(parsed.error) };
}

/** What the upload route does beyond every upload's checks (lib/uploads/stream-upload.ts). */
export const videoUploadOptions: UploadRouteOptions<{ id: number }> = {
  field: 'Filedata',
  label: 'video',
  kind: VIDEO_UPLOAD,
  checkFields: (fields) => {
    const checked = checkedValues(fields);
    return 'fieldErrors' in checked ? uploadAnswer(400, CHECK_FIELDS, { field_errors: checked.fieldErrors }) : undefined;
  },
  fieldErrors: toVideoFieldErrors,
  forward: async (token, _asSent, signal, form) => {
    const checked = checkedValues(form.fields);
    if (!('values' in checked)) throw new Error('The video’s fields were checked before this.');
    const fields = { type: 'upload', ...videoSettingsForm(settingsInput(checked.values)) };
    return { id: await createVideoUpload(token, form.withFields(fields), signal) };
  },
};

/**
 * What the compose box's video route does (POST /api/upload/compose-video): the file alone, on to
 * POST /videos/compose_upload as a post's video (its title the file's name until the post names
 * it), or a message's when the browser sends `c_type=message` before the file (the message's
 * composer: the video stays its owner's, seen through the conversation); it answers the new
 * video, waiting for its conversion.
 */
export const composeVideoUploadOptions: UploadRouteOptions<ComposedVideo> = {
  field: 'Filedata',
  label: 'compose video',
  kind: VIDEO_UPLOAD,
  fieldErrors: toVideoFieldErrors,
  forward: (token, _asSent, signal, form) =>
    uploadComposeVideo(token, form.withFields({ c_type: form.fields.c_type === 'message' ? 'message' : 'wall' }), signal),
};

/** An upload route of videos: up to VIDEO_MAX_BYTES. */
const videoRoute = <R extends Record<string, unknown>>(options: UploadRouteOptions<R>) =>
  uploadRoute(options, (config) => config.VIDEO_MAX_BYTES);

/** POST /api/upload/video: a new video with its settings. */
export const videoUploadRoute = () => videoRoute(videoUploadOptions);

/** POST /api/upload/compose-video: the compose box's video. */
export const composeVideoUploadRoute = () => videoRoute(composeVideoUploadOptions);
