// zod/mini: these run in the browser (react-hook-form's resolver) and again in the server action.
import * as z from 'zod/mini';
import { apiFieldErrorsReader } from './field-errors.ts';
import { TAG_LABEL_MAX } from './limits.ts';

// The "Tag someone" form, checked in the browser and again by the server action: a box in the
// original image's pixels, and who is in it (a friend picked from the list, or a label).

const pixel = z.int().check(z.minimum(0, 'must be inside the photo'));
const size = z.int().check(z.minimum(1, 'must be at least one pixel'));

export const tagSchema = z
  .object({
    x: pixel,
    y: pixel,
    w: size,
    h: size,
    /** The friend picked from the list; 0 for none. */
    userId: z.int().check(z.minimum(0)),
    /** What was typed in the combobox: the friend's name once one is picked, else the label. */
    who: z.string().check(z.trim(), z.maxLength(TAG_LABEL_MAX, `Keep the name to ${TAG_LABEL_MAX} characters.`)),
  })
  .check(
    z.refine((v) => v.userId > 0 || v.who.length > 0, {
      message: 'Pick a friend from the list, or type a name to tag them by.',
      path: ['who'],
    }),
  );
export type TagValues = z.infer<typeof tagSchema>;

export const keywordsSchema = z.string().check(z.maxLength(100));

/**
 * The API's field errors for a tag (POST /tags) on the form: who is tagged (`user_id` or `label`)
 * on the name, and the box's (extra[w], extra[h]: it goes beyond the photo) on the box.
 */
export const toTagFieldErrors = apiFieldErrorsReader(
  { user_id: 'who', label: 'who' },
  { other: 'box', nouns: { user_id: 'This person', label: 'The name', box: 'The box goes beyond the photo:' } },
);
