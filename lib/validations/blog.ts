// zod/mini: these schemas run in the browser too (react-hook-form's resolver), where the full
// zod would cost a page about 40 KB of gzipped JavaScript.
import * as z from 'zod/mini';
import { idSchema as id } from './ids.ts';
import { apiFieldErrorsReader, valuesFieldErrors } from './field-errors.ts';
import { BLOG_TAG_MAX, BLOG_TAGS_MAX, BLOG_TITLE_MAX } from './limits.ts';
import { privacyOptionSchema, richTextSchema, tagsSchema, titleSchema } from './fields.ts';

export { htmlHasText } from './fields.ts';

// A blog post's form (new and edit), its save (publish or keep as a draft), the other actions
// on a post, and the filters of the lists in the URL. The browser checks with these schemas
// before sending; the server actions check again with the same ones.

/** The API's limit (api-server/src/routes/blogs/write.ts). */
const BLOG_BODY_MAX = 65_535;

export const blogFormSchema = z.object({
  title: titleSchema(BLOG_TITLE_MAX, 'Give your post a title.'),
  /** HTML from the editor (paragraphs, headings, bold, italic, links, lists, quotes). */
  body: richTextSchema(BLOG_BODY_MAX, {
    empty: 'Write your post first: it has no text yet.',
    tooLong: 'Your post is too long for the site: shorten it, or split it into two posts.',
  }),
  /** A blog category's id, as the select gives it. */
  categoryId: z.string().check(z.regex(/^[1-9]\d{0,15}$/, 'Choose a category.')),
  tags: tagsSchema(BLOG_TAG_MAX, BLOG_TAGS_MAX, 'A post'),
  authView: privacyOptionSchema,
  authComment: privacyOptionSchema,
  /** Shown in searches and other people's lists of posts. */
  searchable: z.boolean(),
});
export type BlogFormValues = z.infer<typeof blogFormSchema>;

/**
 * Saving the form: a new post (no id) or an edit, published or kept as a draft. `keepSettings`:
 * the edit leaves the privacy and search settings as they are (a server that does not tell
 * them: the form cannot show them).
 */
export const blogSaveSchema = z.object({
  id: z.optional(id),
  values: blogFormSchema,
  draft: z.boolean(),
  keepSettings: z.optional(z.boolean()),
});
export type BlogSaveInput = z.input<typeof blogSaveSchema>;

/** Publishing a draft (draft: false) or turning a published post back into one (draft: true), from its page. */
export const blogStateSchema = z.object({ id, draft: z.boolean() });
export type BlogStateInput = z.input<typeof blogStateSchema>;

export const blogDeleteSchema = z.object({ id });
export type BlogDeleteInput = z.input<typeof blogDeleteSchema>;

/** The form's issues by field name (the save's `values.title` is the form's `title`); anything else is `form`. */
export const blogFieldErrors = valuesFieldErrors;

/** The API's names of the post's fields (POST /blogs, /blogs/{id}), and the form's. */
const API_FIELD_NAMES: Record<string, keyof BlogFormValues> = {
  title: 'title',
  body: 'body',
  category_id: 'categoryId',
  tags: 'tags',
  auth_view: 'authView',
  auth_comment: 'authComment',
  allow_search: 'searchable',
};

/** What each field is called in a sentence. */
const FIELD_NOUNS: Record<keyof BlogFormValues | 'form', string> = {
  title: 'The title',
  body: 'The post',
  categoryId: 'The category',
  tags: 'The tags',
  authView: 'Who can see it',
  authComment: 'Who can comment',
  searchable: 'Show in searches',
  form: 'The post',
};

/** The API's field errors under the form's field names; anything else (is_draft) goes to `form`. */
export const toBlogFieldErrors = apiFieldErrorsReader(API_FIELD_NAMES, { nouns: FIELD_NOUNS });
