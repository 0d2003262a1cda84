import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './field-errors.ts';
import { tagSchema, toTagFieldErrors } from './photo-tag.ts';

const box = { x: 10, y: 20, w: 30, h: 40 };

describe('the tag form’s schema (browser and server action)', () => {
  it('takes a friend picked from the list, or a typed name (trimmed)', () => {
    expect(tagSchema.safeParse({ ...box, userId: 7, who: 'Alice Martin' }).success).toBe(true);
    expect(tagSchema.parse({ ...box, userId: 0, who: '  the lake ' }).who).toBe('the lake');
  });

  it('refuses a tag without anyone, a name too long, and a box with no size or outside the picture', () => {
    const none = tagSchema.safeParse({ ...box, userId: 0, who: '   ' });
    expect(none.success || fieldErrorsOf(none.error)).toEqual({ who: 'Pick a friend from the list, or type a name to tag them by.' });
    const long = tagSchema.safeParse({ ...box, userId: 0, who: 'x'.repeat(101) });
    expect(long.success || Object.keys(fieldErrorsOf(long.error))).toEqual(['who']);
    const empty = tagSchema.safeParse({ x: -1, y: 0, w: 0, h: 2.5, userId: 0, who: 'a' });
    expect(empty.success || Object.keys(fieldErrorsOf(empty.error)).sort()).toEqual(['h', 'w', 'x']);
  });

  it('puts the API’s field errors on the name and the box', () => {
    expect(
      toTagFieldErrors({ user_id: 'is already tagged in this photo', 'extra[w]': "x + w must not exceed the photo's width (800)" }),
    ).toEqual({
      who: 'This person is already tagged in this photo.',
      box: "The box goes beyond the photo: x + w must not exceed the photo's width (800).",
    });
  });
});
