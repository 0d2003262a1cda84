import { describe, expect, it } from 'vitest';
import { blogFieldErrors, blogFormSchema, blogSaveSchema, htmlHasText, toBlogFieldErrors, type BlogFormValues } from './blog.ts';

const valid: BlogFormValues = {
  title: 'Three days in Lyon',
  body: '<h2>Day one</h2><p>Some <strong>bold</strong> words and <a href="https://example.com">a link</a></p><ul><li><p>one</p></li></ul>',
  categoryId: '3',
  tags: ['france', 'food'],
  authView: 'everyone',
  authComment: 'owner_member',
  searchable: true,
};

const errorsOf = (values: unknown) => {
  const res = blogFormSchema.safeParse(values);
  return res.success ? {} : blogFieldErrors({ issues: res.error.issues.map((i) => ({ ...i, path: ['values', ...i.path] })) });
};

describe('blogFormSchema', () => {
  it('takes a whole post, trimming the title and the tags', () => {
    const res = blogFormSchema.safeParse({ ...valid, title: '  Lyon  ', tags: [' france '] });
    expect(res.success && res.data).toMatchObject({ title: 'Lyon', tags: ['france'] });
  });

  it('asks for a title, a body with text and a category, each on its field', () => {
    expect(errorsOf({ ...valid, title: '   ', body: '<p> </p><p>&nbsp;</p>', categoryId: '' })).toEqual({
      title: 'Give your post a title.',
      body: 'Write your post first: it has no text yet.',
      categoryId: 'Choose a category.',
    });
  });

  it('refuses what the API would refuse: a long title, a body over its limit, a category that is not an id', () => {
    expect(Object.keys(errorsOf({ ...valid, title: 'x'.repeat(256) }))).toEqual(['title']);
    expect(Object.keys(errorsOf({ ...valid, body: `<p>${'x'.repeat(65_536)}</p>` }))).toEqual(['body']);
    for (const categoryId of ['0', '-1', '1.5', 'abc', '01'])
      expect(Object.keys(errorsOf({ ...valid, categoryId }))).toEqual(['categoryId']);
  });

  it('refuses a tag with a comma (tags travel comma-separated), an empty or a long one, and more than 20', () => {
    expect(errorsOf({ ...valid, tags: ['a,b'] })).toEqual({ tags: 'A tag cannot hold a comma.' });
    expect(Object.keys(errorsOf({ ...valid, tags: [' '] }))).toEqual(['tags']);
    expect(Object.keys(errorsOf({ ...valid, tags: ['x'.repeat(51)] }))).toEqual(['tags']);
    expect(errorsOf({ ...valid, tags: Array.from({ length: 21 }, (_, i) => `t${i}`) })).toEqual({ tags: 'A post takes at most 20 tags.' });
  });

  it('needs a privacy choice for viewing and commenting, and a yes or no for searches', () => {
    expect(Object.keys(errorsOf({ ...valid, authView: '', authComment: ' ', searchable: 'yes' })).sort()).toEqual([
      'authComment',
      'authView',
      'searchable',
    ]);
  });
});

describe('blogSaveSchema', () => {
  it('takes a new post or an edit, published or as a draft', () => {
    expect(blogSaveSchema.safeParse({ values: valid, draft: true }).success).toBe(true);
    expect(blogSaveSchema.safeParse({ id: 12, values: valid, draft: false, keepSettings: true }).success).toBe(true);
  });

  it("refuses an id that is not a positive whole number and a state that is not a yes or no (not the form's to fix)", () => {
    for (const input of [
      { id: 0, values: valid, draft: false },
      { id: 1.5, values: valid, draft: false },
      { id: '7', values: valid, draft: false },
      { values: valid, draft: 'no' },
    ]) {
      const res = blogSaveSchema.safeParse(input);
      expect(res.success).toBe(false);
      expect(Object.keys(blogFieldErrors(res.error!))).toEqual(['form']);
    }
  });
});

describe('htmlHasText', () => {
  it('sees text through markup and entities, and none in empty paragraphs', () => {
    expect(htmlHasText('<p>a</p>')).toBe(true);
    expect(htmlHasText('<p></p><p><br></p><p>&nbsp; </p>')).toBe(false);
    expect(htmlHasText('')).toBe(false);
  });
});

describe('toBlogFieldErrors', () => {
  it("puts the API's field errors on the form's fields, and anything else on the form", () => {
    expect(
      toBlogFieldErrors({
        title: 'is required',
        category_id: 'is not a category of this module',
        auth_view: 'Must be one of the options.',
        is_draft: 'must be 0 or 1',
      }),
    ).toEqual({
      title: 'The title is required.',
      categoryId: 'The category is not a category of this module.',
      authView: 'Must be one of the options.',
      form: 'The post must be 0 or 1.',
    });
  });
});
