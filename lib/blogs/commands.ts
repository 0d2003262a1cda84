import type { ActionResult } from '@/lib/action-result';
import { failure, invalid, saveCommand } from '@/lib/server-action';
import { createBlog, deleteBlog, setBlogDraft, updateBlog } from '@/lib/social-api/blogs';
import { isApiError } from '@/lib/social-api/errors';
import { blogDeleteSchema, blogSaveSchema, blogStateSchema, toBlogFieldErrors } from '@/lib/validations/blog';

// A blog post's saves, given an access token: each input is checked with the schema the browser
// used (nothing reaches the API otherwise), and the API's field errors come back under the
// form's field names. components/blogs/actions.ts runs them for the signed-in person; the tests
// run them against the real API.

export type BlogSaved = { id: number; draft: boolean };

/** Creates or edits a post, published or as a draft. */
export const saveBlogCommand = saveCommand({
  schema: blogSaveSchema,
  payload: ({ id, values, draft, keepSettings }) => {
    const { authView, authComment, searchable, categoryId, ...words } = values;
    return {
      ...words,
      categoryId: Number(categoryId),
      draft,
      settings: id && keepSettings ? undefined : { authView, authComment, searchable },
    };
  },
  create: createBlog,
  update: updateBlog,
  fields: toBlogFieldErrors,
  gone: 'This post is no longer there: it may have been deleted. Your text is still here.',
  saved: (_token, id, { id: edited, draft }): ActionResult<BlogSaved> => {
    const message = draft
      ? 'Your draft was saved. Only you can see it.'
      : edited
        ? 'Your post was saved and is published.'
        : 'Your post was published.';
    return { ok: true, message, data: { id, draft } };
  },
});

/** Publishes a draft, or turns a published post back into a draft, from its page. */
export async function setBlogStateCommand(token: string, input: unknown): Promise<ActionResult<{ draft: boolean }>> {
  const parsed = blogStateSchema.safeParse(input);
  if (!parsed.success) return invalid();
  const { id, draft } = parsed.data;
  try {
    if (!(await setBlogDraft(token, id, draft))) return { ok: false, message: 'This post is no longer there: it may have been deleted.' };
  } catch (e) {
    // The post as it stands cannot be saved again (an older post without a category): the editor can fix it.
    if (isApiError(e, 400) && Object.keys(e.fieldErrors).length) {
      return { ok: false, message: 'The post needs a change before that (a category, say): edit it first.' };
    }
    return failure(e);
  }
  return {
    ok: true,
    message: draft ? 'Your post is a draft again. Only you can see it.' : 'Your post was published.',
    data: { draft },
  };
}

export async function deleteBlogCommand(token: string, input: unknown): Promise<ActionResult> {
  const parsed = blogDeleteSchema.safeParse(input);
  if (!parsed.success) return invalid();
  try {
    const message = await deleteBlog(token, parsed.data.id);
    return { ok: true, message: message || 'The post was deleted.', data: undefined };
  } catch (e) {
    return failure(e);
  }
}
