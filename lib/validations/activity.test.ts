import { describe, expect, it } from 'vitest';
import { activityCreateSchema, checkPhotoFile, fieldErrorsOf } from './activity.ts';
import { commentCreateSchema, reportCreateSchema, shareCreateSchema } from './social.ts';

const MiB = 1024 * 1024;

function errors(result: { success: boolean; error?: unknown }) {
  return result.success ? {} : fieldErrorsOf(result.error as never);
}

describe('activityCreateSchema (the compose box)', () => {
  it('takes text alone, trimmed', () => {
    const v = activityCreateSchema.parse({ body: '  hello  ' });
    expect(v).toMatchObject({ body: 'hello', linkUrl: '', linkTitle: '', linkDescription: '' });
    expect(v.photoId).toBeUndefined();
  });

  it('takes a photo or a link without text', () => {
    expect(activityCreateSchema.safeParse({ body: '', photoId: '12' }).data?.photoId).toBe(12);
    expect(activityCreateSchema.safeParse({ linkUrl: 'https://example.org' }).success).toBe(true);
  });

  it('asks for something when everything is empty', () => {
    expect(errors(activityCreateSchema.safeParse({ body: '   ' }))).toEqual({ body: expect.stringMatching(/write something/i) });
  });

  it('wants an http(s) address for a link, and an address when a title is given', () => {
    expect(errors(activityCreateSchema.safeParse({ linkUrl: 'javascript:alert(1)' }))).toHaveProperty('linkUrl');
    expect(errors(activityCreateSchema.safeParse({ linkUrl: 'example.org' }))).toHaveProperty('linkUrl');
    expect(errors(activityCreateSchema.safeParse({ body: 'x', linkTitle: 'A title' }))).toHaveProperty('linkUrl');
  });

  it('refuses a photo and a link together, and a text over 5000 characters', () => {
    expect(errors(activityCreateSchema.safeParse({ linkUrl: 'https://example.org', photoId: 3 }))).toHaveProperty('linkUrl');
    expect(errors(activityCreateSchema.safeParse({ body: 'x'.repeat(5001) }))).toEqual({ body: expect.stringMatching(/5000/) });
  });
});

describe('the social layer’s schemas (lib/validations/social)', () => {
  const post = { type: 'activity', id: 1 } as const;

  it('wants a comment with words in it, on an item of a known type', () => {
    expect(errors(commentCreateSchema.safeParse({ item: post, body: '  ' }))).toEqual({ body: expect.stringMatching(/comment/i) });
    expect(commentCreateSchema.parse({ item: { type: 'album', id: 4 }, body: ' ok ' })).toEqual({
      item: { type: 'album', id: 4 },
      body: 'ok',
    });
    expect(commentCreateSchema.safeParse({ item: { type: 'forum', id: 4 }, body: 'ok' }).success).toBe(false);
  });

  it('makes the share message optional but wants a real item id', () => {
    expect(shareCreateSchema.parse({ item: post })).toEqual({ item: post, body: '' });
    expect(shareCreateSchema.safeParse({ item: { type: 'activity', id: 0 } }).success).toBe(false);
    expect(shareCreateSchema.safeParse({ item: { type: 'activity', id: '9' } }).success).toBe(false);
    expect(shareCreateSchema.safeParse({ item: { type: 'activity', id: 1.5 } }).success).toBe(false);
  });

  it('wants a reason and a description for a report, within the API’s limit', () => {
    expect(errors(reportCreateSchema.safeParse({ item: post, type: '', description: '' }))).toEqual({
      type: expect.stringMatching(/choose/i),
      description: expect.stringMatching(/what is wrong/i),
    });
    expect(errors(reportCreateSchema.safeParse({ item: post, type: 'spam', description: 'x'.repeat(2001) }))).toEqual({
      description: expect.stringMatching(/2000/),
    });
    expect(reportCreateSchema.parse({ item: post, commentId: 3, type: 'spam', description: ' ads ' })).toEqual({
      item: post,
      commentId: 3,
      type: 'spam',
      description: 'ads',
    });
  });
});

describe('checkPhotoFile (before any upload)', () => {
  it('accepts JPEG, PNG, GIF and WebP whose type and extension agree', () => {
    expect(checkPhotoFile({ name: 'a.jpg', type: 'image/jpeg', size: 1000 }, 10 * MiB)).toBeUndefined();
    expect(checkPhotoFile({ name: 'a.JPEG', type: 'image/jpeg', size: 1000 }, 10 * MiB)).toBeUndefined();
    expect(checkPhotoFile({ name: 'b.png', type: 'image/png', size: 1000 }, 10 * MiB)).toBeUndefined();
    expect(checkPhotoFile({ name: 'c.gif', type: 'image/gif', size: 1000 }, 10 * MiB)).toBeUndefined();
    expect(checkPhotoFile({ name: 'd.webp', type: 'image/webp', size: 1000 }, 10 * MiB)).toBeUndefined();
  });

  it('refuses other types and mismatched extensions with a message naming the file', () => {
    expect(checkPhotoFile({ name: 'doc.pdf', type: 'application/pdf', size: 1000 }, 10 * MiB)).toMatch(/doc\.pdf.*JPEG, PNG, GIF or WebP/);
    expect(checkPhotoFile({ name: 'x.svg', type: 'image/svg+xml', size: 1000 }, 10 * MiB)).toBeDefined();
    expect(checkPhotoFile({ name: 'evil.exe', type: 'image/png', size: 1000 }, 10 * MiB)).toBeDefined();
  });

  it('refuses a file over the cap, saying both sizes, and an empty file', () => {
    expect(checkPhotoFile({ name: 'big.jpg', type: 'image/jpeg', size: 10 * MiB + 1 }, 10 * MiB)).toBe(
      '“big.jpg” is 10,485,761 bytes; photos can be at most 10,485,760 bytes. Choose a smaller picture.',
    );
    expect(checkPhotoFile({ name: 'ok.jpg', type: 'image/jpeg', size: 10 * MiB }, 10 * MiB)).toBeUndefined();
    expect(checkPhotoFile({ name: 'e.png', type: 'image/png', size: 0 }, 10 * MiB)).toMatch(/empty/);
  });
});
