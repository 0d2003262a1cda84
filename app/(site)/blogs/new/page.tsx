import type { Metadata } from 'next';
import { BlogEditor } from '@/components/blogs/editor/blog-editor';
import { NEW_TITLE } from '@/components/blogs/editor/editor-page';
import { newBlogValues } from '@/components/blogs/editor/values';
import { loadPage } from '@/lib/auth/page-session';
import { getCachedBlogChoices } from '@/lib/blogs/choices';

export const metadata: Metadata = { title: NEW_TITLE };

/** A new blog post: publish it, or save it as a draft. The editor's code loads on this page and the edit page only. */
export default async function NewBlogPage() {
  const { userId, choices } = await loadPage(async (s) => ({ userId: s.userId, choices: await getCachedBlogChoices(s) }));
  return <BlogEditor userId={userId} initial={newBlogValues(choices)} choices={choices} />;
}
