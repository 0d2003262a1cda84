import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { BlogEditor } from '@/components/blogs/editor/blog-editor';
import { EDIT_TITLE } from '@/components/blogs/editor/editor-page';
import { blogFormValues } from '@/components/blogs/editor/values';
import { loadPage } from '@/lib/auth/page-session';
import { getCachedBlogChoices } from '@/lib/blogs/choices';
import { idParam } from '@/lib/params';
import { getBlogForEditing } from '@/lib/social-api/blogs';
import { sanitizeRichText } from '@/lib/social-api/sanitize';

export const metadata: Metadata = { title: EDIT_TITLE };

export type EditBlogRouteProps = { params: Promise<{ id: string }> };

/**
 * A post's editor, for its author only: anyone else gets the 404 page (the API tells who may
 * edit; a post the reader may not see at all is 404 there already), never the form.
 */
export default async function EditBlogPage({ params }: EditBlogRouteProps) {
  const id = await idParam(params);
  const { userId, post, choices } = await loadPage(async (s) => {
    const [post, choices] = await Promise.all([getBlogForEditing(s.accessToken, id), getCachedBlogChoices(s)]);
    return { userId: s.userId, post, choices };
  });
  if (!post || !post.canEdit) notFound();
  return (
    <BlogEditor
      userId={userId}
      post={{ id: post.id, draft: post.draft }}
      initial={blogFormValues(post, choices)}
      choices={choices}
      keepSettings={!post.settings}
      savedHtml={sanitizeRichText(post.body)}
    />
  );
}
