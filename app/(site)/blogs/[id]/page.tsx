import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { BlogArticle } from '@/components/blogs/blog-article';
import { loadPage } from '@/lib/auth/page-session';
import { idParam } from '@/lib/params';
import { getBlog } from '@/lib/social-api/blogs';

export type BlogRouteProps = { params: Promise<{ id: string }> };

/** One read per request: metadata and page both ask. */
const load = cache((id: number) => loadPage((s) => getBlog(s.accessToken, id, s.userId)));

export async function generateMetadata({ params }: BlogRouteProps): Promise<Metadata> {
  const post = await load(await idParam(params));
  return post ? { title: post.title } : {};
}

/** A blog post: title, author, date, category, tags, the body, and the social layer; its author's actions. */
export default async function BlogRoute({ params }: BlogRouteProps) {
  const post = await load(await idParam(params));
  // Unknown, hidden and someone else's draft look the same: the API answers 404 for all.
  if (!post) notFound();
  return <BlogArticle post={post} />;
}
