import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { BlogArticle } from '@/components/blogs/blog-article';
import { PublicPreview } from '@/components/social/public-preview';
import { loadPublicPage } from '@/lib/auth/page-session';
import { idParam } from '@/lib/params';
import { blogPreview } from '@/lib/previews/items';
import { previewMetadata } from '@/lib/previews/preview';
import { getBlog } from '@/lib/social-api/blogs';

export type BlogRouteProps = { params: Promise<{ id: string }> };

/** One read per request: metadata and page both ask. A visitor reads what everyone may see. */
const load = cache((id: number) =>
  loadPublicPage(async (r) => {
    const post = await getBlog(r.token, id, r.userId ?? 0);
    return post && { post, visitor: !r.session };
  }),
);

export async function generateMetadata({ params }: BlogRouteProps): Promise<Metadata> {
  const data = await load(await idParam(params));
  return data ? previewMetadata(blogPreview(data.post)) : {};
}

/** A blog post: title, author, date, category, tags, the body, and the social layer; its author's actions. */
export default async function BlogRoute({ params }: BlogRouteProps) {
  const data = await load(await idParam(params));
  // Unknown, hidden and someone else's draft look the same: the API answers 404 for all.
  if (!data) notFound();
  const page = <BlogArticle post={data.post} />;
  return data.visitor ? <PublicPreview what="this blog post">{page}</PublicPreview> : page;
}
