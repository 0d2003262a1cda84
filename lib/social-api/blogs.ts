import { z } from 'zod';
import { apiFetch } from './client.ts';
import { apiConfig } from './config.ts';
import { parseApiDate, socialOf, type Social } from './core.ts';
import { isApiError } from './errors.ts';
import { getWithFields, SOCIAL_FIELD_NAMES, visitQuery, type DetailRead } from './fields.ts';
import { categorySchema, flag, id, lenientArray, num, optionList, ownerSettingsOf, ownerSettingsShape, str } from './primitives.ts';
import { plainExcerpt, sanitizeRichText } from './sanitize.ts';
import { createdSchema, messageSchema, ownerSchema } from './schemas.ts';
import { reshapePerson, who, type Who } from './users.ts';

// Blogs (spec: Blogs, scope blogs). Our API gives more than the document when asked by name
// (docs/api.md, "Extensions": Blogs: a post's state, counts, social fields and its owner's
// settings); a server that refuses those names is asked again for the document's fields alone.

export interface BlogCategory {
  id: number;
  title: string;
}

export interface BlogTag {
  id: number;
  title: string;
}

/** A post in a list. */
export interface BlogSummary {
  id: number;
  title: string;
  author: Who;
  /** Epoch milliseconds; 0 when the API sent no readable date. */
  createdAt: number;
  /** Plain text (not HTML): the beginning of the body. */
  excerpt: string;
  category: BlogCategory | null;
  /** A draft: its author's alone (shown only in their own list). */
  draft: boolean;
  /** undefined from a server that does not count them. */
  views?: number;
  likeCount?: number;
  commentCount?: number;
}

/** What the author chose for a post beyond its words (the edit form's settings). */
export interface BlogSettings {
  authView: string;
  authComment: string;
  searchable: boolean;
}

/** A post on its own page. */
export interface BlogPost {
  id: number;
  title: string;
  author: Who;
  createdAt: number;
  /** Sanitized HTML (sanitize.ts), ready for dangerouslySetInnerHTML. */
  html: string;
  category: BlogCategory | null;
  tags: BlogTag[];
  draft: boolean;
  views?: number;
  canEdit: boolean;
  canDelete: boolean;
  social: Social;
  /** The author's settings; undefined for anyone else, and from a server that does not tell them. */
  settings?: BlogSettings;
}

/** A post as the editor needs it: the body as the API stored it (the editor reads HTML). */
export interface BlogDraft extends Omit<BlogPost, 'html' | 'social'> {
  body: string;
}

/** The API's filters of a list of posts (GET /blogs, /blogs/my). */
export interface BlogFilters {
  keywords?: string;
  sort?: 'creation_date' | 'view_count';
  show?: 'everyone' | 'only_my_friend';
  categoryId?: number;
  /** Only in the list of everyone's posts. */
  userId?: number;
  page?: number;
  limit?: number;
}

/** What a form sends to create or edit a post. */
export interface BlogInput {
  title: string;
  /** HTML with simple formatting; the API cleans it again. */
  body: string;
  categoryId: number;
  tags: string[];
  draft: boolean;
  /** Left out: an edit keeps the post's (a server that does not tell them cannot show them to change). */
  settings?: BlogSettings;
}

const SPEC_LIST_FIELDS = 'id,title,owner,date,body';
const LIST_FIELDS = `${SPEC_LIST_FIELDS},category,is_draft,total_view,total_like,total_comment`;
const SPEC_DETAIL_FIELDS = `${SPEC_LIST_FIELDS},tags,category,can_edit,can_delete`;
const DETAIL_FIELDS = `${SPEC_DETAIL_FIELDS},is_draft,total_view,allow_search,auth_view,auth_comment,${SOCIAL_FIELD_NAMES}`;
/** The editor needs no likes and no comments. */
const EDIT_FIELDS = `${SPEC_DETAIL_FIELDS},is_draft,allow_search,auth_view,auth_comment`;

const categoryOrNull = categorySchema.nullable().catch(null).default(null);

const blogSchema = z.looseObject({
  id,
  title: str,
  owner: ownerSchema.optional(),
  date: str,
  body: str,
  category: categoryOrNull,
  is_draft: flag,
  total_view: num.optional(),
  total_like: num.optional(),
  total_comment: num.optional(),
});

const blogDetailSchema = blogSchema.extend({
  tags: lenientArray(z.looseObject({ id, title: str })),
  can_edit: flag,
  can_delete: flag,
  ...ownerSettingsShape,
});
type ApiBlogDetail = z.infer<typeof blogDetailSchema>;

const author = (o: z.infer<typeof ownerSchema> | undefined): Who => (o ? who(reshapePerson(o)) : { id: 0, name: 'Someone', image: '' });
const category = (c: BlogCategory | null): BlogCategory | null =>
  c && c.id > 0 ? { id: c.id, title: c.title.trim() || `Category ${c.id}` } : null;

function reshapeSummary(b: z.infer<typeof blogSchema>): BlogSummary {
  return {
    id: b.id,
    title: b.title.trim() || 'Untitled',
    author: author(b.owner),
    createdAt: parseApiDate(b.date),
    excerpt: plainExcerpt(b.body),
    category: category(b.category),
    draft: b.is_draft,
    views: b.total_view,
    likeCount: b.total_like,
    commentCount: b.total_comment,
  };
}

function reshapeDraft(b: ApiBlogDetail): BlogDraft {
  return {
    id: b.id,
    title: b.title.trim() || 'Untitled',
    author: author(b.owner),
    createdAt: parseApiDate(b.date),
    body: b.body,
    category: category(b.category),
    tags: b.tags.filter((t) => t.title.trim()).map((t) => ({ id: t.id, title: t.title.trim() })),
    draft: b.is_draft,
    views: b.total_view,
    canEdit: b.can_edit,
    canDelete: b.can_delete,
    settings: ownerSettingsOf(b),
  };
}

/** The API's query of a list of posts. */
function listQuery(f: BlogFilters) {
  return {
    keywords: f.keywords?.trim() || undefined,
    sort: f.sort,
    show: f.show,
    category_id: f.categoryId,
    user_id: f.userId,
    page: f.page ?? 1,
    limit: f.limit ?? 10,
  };
}

const listSchema = lenientArray(blogSchema);

/** Published posts the reader may see, newest first unless sorted by views. */
export async function listBlogs(token: string, filters: BlogFilters = {}): Promise<BlogSummary[]> {
  return listSchema.parse(await getWithFields(token, '/blogs', listQuery(filters), LIST_FIELDS, SPEC_LIST_FIELDS)).map(reshapeSummary);
}

/** The reader's own posts, drafts among them. */
export async function listMyBlogs(token: string, filters: Omit<BlogFilters, 'userId'> = {}): Promise<BlogSummary[]> {
  const { user_id: _, ...query } = listQuery(filters);
  return listSchema.parse(await getWithFields(token, '/blogs/my', query, LIST_FIELDS, SPEC_LIST_FIELDS)).map(reshapeSummary);
}

async function getDetail(token: string, id: number, fields: string, read?: DetailRead): Promise<ApiBlogDetail | undefined> {
  try {
    return blogDetailSchema.parse(await getWithFields(token, `/blogs/${id}`, visitQuery(read), fields, SPEC_DETAIL_FIELDS));
  } catch (e) {
    if (isApiError(e, 404)) return undefined;
    throw e;
  }
}

/**
 * A post on its own page; undefined when it does not exist or the reader may not see it (a
 * draft is its author's alone). One API call with our API; a server without the social fields
 * on posts is asked for the post's comments and likers as well.
 */
export async function getBlog(token: string, id: number, viewerId: number, read?: DetailRead): Promise<BlogPost | undefined> {
  const raw = await getDetail(token, id, DETAIL_FIELDS, read);
  if (!raw) return undefined;
  const item = { type: 'blog', id: raw.id } as const;
  const { body, ...post } = reshapeDraft(raw);
  const social = await socialOf(token, item, raw, viewerId, { share: !post.draft });
  return { ...post, html: sanitizeRichText(body), social };
}

/** A post as its editor needs it; undefined when it does not exist or the reader may not see it. */
export async function getBlogForEditing(token: string, id: number): Promise<BlogDraft | undefined> {
  const raw = await getDetail(token, id, EDIT_FIELDS, { visit: false });
  return raw && reshapeDraft(raw);
}

/** The API's form of a post's settings (left out when not given: an edit keeps them). */
function settingsForm(settings: BlogSettings | undefined) {
  return settings ? { allow_search: settings.searchable ? 1 : 0, auth_view: settings.authView, auth_comment: settings.authComment } : {};
}

/** The API's form of a post (POST /blogs, /blogs/{id}). */
function blogForm(input: BlogInput) {
  return {
    title: input.title,
    body: input.body,
    category_id: input.categoryId,
    tags: input.tags.join(','),
    is_draft: input.draft ? 1 : 0,
    ...settingsForm(input.settings),
  };
}

/** Creates a post (published, or a draft); answers its id. */
export async function createBlog(token: string, input: BlogInput): Promise<number> {
  const data = createdSchema.parse(await apiFetch(apiConfig(), '/blogs', { token, form: blogForm(input) }));
  if (!data.id) throw new Error('The API did not answer the new post’s id.');
  return data.id;
}

/** Edits a post; `draft` publishes a draft (false) or turns a published post back into one (true). */
export async function updateBlog(token: string, id: number, input: BlogInput): Promise<void> {
  await apiFetch(apiConfig(), `/blogs/${id}`, { token, form: blogForm(input) });
}

/**
 * Publishes a post or turns it back into a draft, keeping everything else: the API's edit takes
 * the whole form (title, body and category are required), so the post is read first and sent
 * back as it is (its body is already clean; cleaning it again changes nothing). Settings a
 * server does not tell are left out, and such a server keeps them.
 */
export async function setBlogDraft(token: string, id: number, draft: boolean): Promise<boolean> {
  const post = await getBlogForEditing(token, id);
  if (!post) return false;
  await apiFetch(apiConfig(), `/blogs/${id}`, {
    token,
    form: {
      title: post.title,
      body: post.body,
      category_id: post.category?.id,
      tags: post.tags.map((t) => t.title).join(','),
      is_draft: draft ? 1 : 0,
      ...settingsForm(post.settings),
    },
  });
  return true;
}

export async function deleteBlog(token: string, id: number): Promise<string> {
  return messageSchema.parse(await apiFetch(apiConfig(), `/blogs/${id}`, { method: 'DELETE', token })).message;
}

/** What a post's form offers: the categories and the privacy options (view, comment). */
export interface BlogChoices {
  categories: BlogCategory[];
  view: Array<{ id: string; title: string }>;
  comment: Array<{ id: string; title: string }>;
}

async function listBlogCategories(token: string): Promise<BlogCategory[]> {
  return lenientArray(categorySchema)
    .parse(await apiFetch(apiConfig(), '/blogs/categories', { token }))
    .flatMap((c) => category(c) ?? []);
}

export async function getBlogChoices(token: string): Promise<BlogChoices> {
  const [categories, view, comment] = await Promise.all([
    listBlogCategories(token),
    apiFetch(apiConfig(), '/blogs/view_options', { token }).then(optionList),
    apiFetch(apiConfig(), '/blogs/comment_options', { token }).then(optionList),
  ]);
  return { categories, view, comment };
}
