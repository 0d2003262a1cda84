import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { createElement } from 'react';
import { NOT_FOUND_PAGE_HEADER } from '@/lib/page-headers';
import { missingPageFor } from './missing-pages';

// A page read that Next answered 404, rendered again as its not-found page, in the site's chrome
// (web-server/not-found-page.ts; next.config.js rewrites the second request here, so that the
// address stays the one asked for). Next 16 answers a page's notFound() in production with an
// error shell, an empty body that only the page's script fills: without script, and until it
// runs, the reader saw nothing. The server sends this page's answer with the 404.

export const metadata: Metadata = { title: 'Page not found' };

export default async function NotFoundPage({ params }: { params: Promise<{ path?: string[] }> }) {
  // Only the server's second request comes here: an address under /not-found-page is nothing.
  if ((await headers()).get(NOT_FOUND_PAGE_HEADER) !== '1') notFound();
  const { path = [] } = await params;
  // One of the app's not-found components, chosen by the address (not one made here).
  return createElement(missingPageFor(`/${path.join('/')}`));
}
