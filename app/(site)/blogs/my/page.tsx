import type { Metadata } from 'next';
import { BlogListPage } from '@/components/blogs/blog-list-page';
import { loadBlogList, type BlogListRouteProps } from '@/lib/blogs/list';

export const metadata: Metadata = { title: 'My blog posts' };

/** The reader's own posts, drafts among them (marked), filtered by the URL as /blogs is. */
export default async function MyBlogsPage(props: BlogListRouteProps) {
  return <BlogListPage {...await loadBlogList(true, props)} />;
}
