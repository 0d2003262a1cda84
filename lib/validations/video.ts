// zod/mini: these schemas run in the browser too (the video forms check before sending).
import * as z from 'zod/mini';
import { apiFieldErrorsReader, valuesFieldErrors } from './field-errors.ts';
import { privacyOptionSchema, tagsSchema } from './fields.ts';
import { idSchema as id } from './ids.ts';
import { VIDEO_DESCRIPTION_MAX, VIDEO_TITLE_MAX } from './limits.ts';

// A video's forms (docs/api.md, "Videos"): adding one by a YouTube or Vimeo address or by an
// upload (/videos/new), editing its settings (/videos/{id}/edit), rating it, deleting it. The
// browser checks with these schemas before sending; the server actions and the upload route
// check again with the same ones.

/** The API's limits (api-server/src/routes/videos/write.ts; the title's and description's in limits.ts). */
const VIDEO_URL_MAX = 2048;
const VIDEO_TAG_MAX = 50;
const VIDEO_TAGS_MAX = 20;

/** What every video's form holds beside its source. */
const settings = {
  /** For a link, the provider's title stands in when left empty; an upload needs one (videoUploadSchema). */
  title: z.string().check(z.trim(), z.maxLength(VIDEO_TITLE_MAX, `Keep the title under ${VIDEO_TITLE_MAX} characters.`)),
  /** Plain text, also the video's text alternative. */
  description: z
    .string()
    .check(z.trim(), z.maxLength(VIDEO_DESCRIPTION_MAX, `Keep the description under ${VIDEO_DESCRIPTION_MAX} characters.`)),
  tags: tagsSchema(VIDEO_TAG_MAX, VIDEO_TAGS_MAX, 'A video'),
  /** A video category's id as the select gives it; '' for none. */
  categoryId: z.string().check(z.regex(/^$|^[1-9]\d{0,15}$/, 'Choose a category from the list.')),
  authView: privacyOptionSchema,
  authComment: privacyOptionSchema,
  /** Shown in searches and in other people's lists of videos. */
  searchable: z.boolean(),
};

export const videoSettingsSchema = z.object(settings);
export type VideoSettingsValues = z.infer<typeof videoSettingsSchema>;

/** A video's address as pasted (the API decides whether its provider shows it). */
const videoUrl = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Paste the video’s address.'),
    z.maxLength(VIDEO_URL_MAX, 'That address is too long.'),
    z.regex(/^https?:\/\/\S+$/i, 'Paste the whole address, starting with https://.'),
  );

/** Which provider an address is sent to: Vimeo's, else YouTube's (whose API then refuses what is neither). */
export function videoProviderOf(url: string): 'youtube' | 'vimeo' {
  return /(^|\.|\/)vimeo\.com/i.test(url) ? 'vimeo' : 'youtube';
}

/** A YouTube or Vimeo address, which the API resolves through the provider. */
export const videoLinkSchema = z.object({
  ...settings,
  type: z.enum(['youtube', 'vimeo'], 'Choose YouTube or Vimeo.'),
  url: videoUrl,
});
export type VideoLinkValues = z.infer<typeof videoLinkSchema>;

/** A YouTube or Vimeo address pasted into the compose box (the post's video: POST /videos/compose_upload). */
export const composeVideoLinkSchema = z.object({ url: videoUrl });
export type ComposeVideoLinkValues = z.infer<typeof composeVideoLinkSchema>;

/** An upload's fields (the file travels beside them, through app/api/upload/video): a title is required. */
export const videoUploadSchema = z.object({
  ...settings,
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Give your video a title.'),
      z.maxLength(VIDEO_TITLE_MAX, `Keep the title under ${VIDEO_TITLE_MAX} characters.`),
    ),
});
export type VideoUploadValues = z.infer<typeof videoUploadSchema>;

/** Editing a video's settings (its source stays). */
export const videoEditSchema = z.object({ id, values: videoUploadSchema });
export type VideoEditInput = z.input<typeof videoEditSchema>;

export const videoRateSchema = z.object({ id, rating: z.number().check(z.int(), z.minimum(1), z.maximum(5)) });
export type VideoRateInput = z.input<typeof videoRateSchema>;

export const videoDeleteSchema = z.object({ id });
export type VideoDeleteInput = z.input<typeof videoDeleteSchema>;

/** The longest video the API keeps (its `time` maximum: api-server/src/routes/videos/poster.ts). */
const POSTER_TIME_MAX = 86400;

/**
 * A video's new poster: the frame at `time` seconds into an upload (the player's position), or a
 * copy of one of one's photos (`photoId`), for an upload or a link.
 */
export const videoPosterSchema = z.union([
  z.strictObject({
    id,
    time: z.number().check(z.minimum(0, 'Choose a moment in the video.'), z.maximum(POSTER_TIME_MAX, 'Choose a moment in the video.')),
  }),
  z.strictObject({ id, photoId: id }),
]);
export type VideoPosterInput = z.input<typeof videoPosterSchema>;

/** The poster's photo dialog: one of one's albums (absent: the first holding photos) and a page of its photos. */
export const posterPhotosSchema = z.strictObject({
  albumId: z.optional(id),
  page: z.number().check(z.int(), z.minimum(1), z.maximum(1000)),
});
export type PosterPhotosInput = z.input<typeof posterPhotosSchema>;

/** The form's issues by field name (the edit's `values.title` is the form's `title`); anything else is `form`. */
export const videoFieldErrors = valuesFieldErrors;

/** The API's names of a video's fields (POST /videos, /videos/{id}), and the form's. */
const API_FIELD_NAMES = {
  title: 'title',
  description: 'description',
  tags: 'tags',
  category_id: 'categoryId',
  auth_view: 'authView',
  auth_comment: 'authComment',
  allow_search: 'searchable',
  url: 'url',
  type: 'type',
  Filedata: 'file',
} as const;

const FIELD_NOUNS: Record<string, string> = {
  title: 'The title',
  description: 'The description',
  tags: 'The tags',
  categoryId: 'The category',
  authView: 'Who can see it',
  authComment: 'Who can comment',
  url: 'The address',
  type: 'The kind of video',
  file: 'The file',
};

/** The API's field errors under the form's field names. */
export const toVideoFieldErrors = apiFieldErrorsReader<string>(API_FIELD_NAMES, { nouns: FIELD_NOUNS });
