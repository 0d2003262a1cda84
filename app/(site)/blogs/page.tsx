import type { Metadata } from 'next';
import { BlogListPage } from '@/components/blogs/blog-list-page';
import { loadBlogList, type BlogListRouteProps } from '@/lib/blogs/list';

export const metadata: Metadata = { title: 'Blogs' };

/** Everyone's posts the reader may see, newest first, filtered by the URL (/blogs?q=…&category=…&sort=views&show=friends&page=2). */
export default async function BlogsPage(props: BlogListRouteProps) {
  return <BlogListPage {...await loadBlogList(false, props)} />;
}
