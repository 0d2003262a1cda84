import type { BlogChoices, BlogDraft } from '@/lib/social-api/blogs';
import type { BlogFormValues } from '@/lib/validations/blog';

// The post form's first values: the API's own defaults for a new post, the post as it is saved
// for an edit. Server side (the pages), and in the browser to read a kept copy back.

/** The option `preferred` when the server offers it, else the first offered ('' when none). */
function pick(options: Array<{ id: string }>, preferred: string): string {
  return options.some((o) => o.id === preferred) ? preferred : (options[0]?.id ?? '');
}

/** A new post: seen by everyone and open to comments (the API's defaults), shown in searches. */
export function newBlogValues(choices: BlogChoices): BlogFormValues {
  return {
    title: '',
    body: '',
    categoryId: '',
    tags: [],
    authView: pick(choices.view, 'everyone'),
    authComment: pick(choices.comment, 'everyone'),
    searchable: true,
  };
}

/** A saved post in the form; settings this server does not tell get the new post's (and are not sent). */
export function blogFormValues(post: BlogDraft, choices: BlogChoices): BlogFormValues {
  const defaults = newBlogValues(choices);
  return {
    title: post.title,
    body: post.body,
    categoryId: post.category ? String(post.category.id) : '',
    tags: post.tags.map((t) => t.title),
    authView: post.settings?.authView ?? defaults.authView,
    authComment: post.settings?.authComment ?? defaults.authComment,
    searchable: post.settings?.searchable ?? defaults.searchable,
  };
}

/** A copy kept in the browser, when it has the form's shape (it may not pass the schema: it is unfinished). */
export function parseKeptValues(raw: unknown): BlogFormValues | undefined {
  const v = raw as Partial<Record<keyof BlogFormValues, unknown>> | null;
  if (!v || typeof v !== 'object') return undefined;
  const strings = [v.title, v.body, v.categoryId, v.authView, v.authComment].every((x) => typeof x === 'string');
  const tags = Array.isArray(v.tags) && v.tags.every((t) => typeof t === 'string');
  if (!strings || !tags || typeof v.searchable !== 'boolean') return undefined;
  return {
    title: v.title as string,
    body: v.body as string,
    categoryId: v.categoryId as string,
    tags: v.tags as string[],
    authView: v.authView as string,
    authComment: v.authComment as string,
    searchable: v.searchable,
  };
}

/** Whether two sets of values say the same (field by field, in a fixed order). */
export function sameValues(a: BlogFormValues, b: BlogFormValues): boolean {
  return (
    a.title === b.title &&
    a.body === b.body &&
    a.categoryId === b.categoryId &&
    a.authView === b.authView &&
    a.authComment === b.authComment &&
    a.searchable === b.searchable &&
    a.tags.length === b.tags.length &&
    a.tags.every((t, i) => t === b.tags[i])
  );
}
