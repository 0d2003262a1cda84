// zod/mini: the same schemas run in the browser, where the full zod would cost the feed
// about 40 KB of gzipped JavaScript (the issue's budget for the whole page is 200 KB).
import * as z from 'zod/mini';
import { apiFieldErrorsReader } from './field-errors.ts';
import { idTextSchema as id } from './ids.ts';
import { checkPhotoFile, PHOTO_DESCRIPTION_MAX } from './photo-file.ts';
import { ACTIVITY_BODY_MAX, LINK_TITLE_MAX, URL_MAX, VIDEO_DESCRIPTION_MAX, VIDEO_TITLE_MAX } from './limits.ts';

// The feed's forms, one schema each. The browser checks with them before sending (a person
// sees the problem at once; the compose box loads this module when it is first sent, not with
// the page) and the server actions check again with the same schemas (the browser is never
// trusted).

export { URL_MAX };

/** Trimmed text of at most `max` characters, '' when absent. */
const text = (max: number, message: string) => z._default(z.string().check(z.trim(), z.maxLength(max, message)), '');

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** An http(s) address (what a link card may carry). */
export { isHttpUrl };

export const activityCreateSchema = z
  .object({
    body: text(ACTIVITY_BODY_MAX, `Keep it under ${ACTIVITY_BODY_MAX} characters.`),
    linkUrl: z._default(
      z.string().check(
        z.trim(),
        z.maxLength(URL_MAX, 'This address is too long.'),
        z.refine((v) => v === '' || isHttpUrl(v), 'Enter a full web address starting with http:// or https://.'),
      ),
      '',
    ),
    linkTitle: text(LINK_TITLE_MAX, `Keep the title under ${LINK_TITLE_MAX} characters.`),
    /** The link card's picture on its own site (from the link preview): attachment[thumb]. */
    linkThumb: z._default(
      z.string().check(
        z.trim(),
        z.maxLength(URL_MAX, 'This address is too long.'),
        z.refine((v) => v === '' || isHttpUrl(v), 'The link’s picture has an invalid address.'),
      ),
      '',
    ),
    linkDescription: text(ACTIVITY_BODY_MAX, `Keep the description under ${ACTIVITY_BODY_MAX} characters.`),
    photoId: z.optional(id),
    /** The photo's description, its alt text: saved on the photo (POST /albums/photos/{id} `description`) before the post. */
    photoDescription: text(PHOTO_DESCRIPTION_MAX, `Keep the description under ${PHOTO_DESCRIPTION_MAX} characters.`),
    /** One of the poster's videos (added with POST /videos/compose_upload): attachment[video_id]. */
    videoId: z.optional(id),
    /** The title and description the video takes on with the post (attachment[title], [description]); '' keeps its own. */
    videoTitle: text(VIDEO_TITLE_MAX, `Keep the title under ${VIDEO_TITLE_MAX} characters.`),
    videoDescription: text(VIDEO_DESCRIPTION_MAX, `Keep the description under ${VIDEO_DESCRIPTION_MAX} characters.`),
    /** One of the poster's songs (added with POST /music/compose_upload): attachment[song_id]. */
    songId: z.optional(id),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (!v.body && !v.linkUrl && !v.photoId && !v.videoId && !v.songId) {
        ctx.addIssue({
          code: 'custom',
          path: ['body'],
          message: 'Write something, or add a link, a photo, a video or a song.',
          input: v.body,
        });
      }
      if (!v.linkUrl && (v.linkTitle || v.linkDescription || v.linkThumb)) {
        ctx.addIssue({
          code: 'custom',
          path: ['linkUrl'],
          message: 'Add the link’s address, or clear its title and description.',
          input: v.linkUrl,
        });
      }
      if ([v.linkUrl, v.photoId, v.videoId, v.songId].filter(Boolean).length > 1) {
        ctx.addIssue({
          code: 'custom',
          path: [v.linkUrl ? 'linkUrl' : v.videoId ? 'videoId' : 'songId'],
          message: 'A post can have one photo, link, video or song: remove the others.',
          input: v.linkUrl,
        });
      }
    }),
  );
export type ActivityCreateValues = z.input<typeof activityCreateSchema>;

export { checkPhotoFile };

export { fieldErrorsOf } from './field-errors.ts';

/** The API's names of the post form's fields (spec: POST /activities), and the compose form's names for them. */
const CREATE_FIELD_NAMES: Record<string, keyof ActivityCreateValues> = {
  body: 'body',
  'attachment[uri]': 'linkUrl',
  'attachment[title]': 'linkTitle',
  'attachment[description]': 'linkDescription',
  'attachment[thumb]': 'linkUrl',
  'attachment[photo_id]': 'photoId',
  'attachment[video_id]': 'videoId',
  'attachment[song_id]': 'songId',
  'attachment[type]': 'body',
  // The photo's own edit (its description), sent before the post.
  description: 'photoDescription',
};

/** The API's field errors of POST /activities under the compose form's field names (any other under the text's). */
export const toComposeFieldErrors = apiFieldErrorsReader(CREATE_FIELD_NAMES, { other: 'body' });

/** The same for a post with a video, whose attachment's title and description are the video's. */
export const toVideoPostFieldErrors = apiFieldErrorsReader(
  { ...CREATE_FIELD_NAMES, 'attachment[title]': 'videoTitle', 'attachment[description]': 'videoDescription' },
  { other: 'body' },
);
