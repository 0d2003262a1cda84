import { createHash } from 'node:crypto';
import type { Metadata } from 'next';
import { env } from '../env.ts';
import { ITEM_KINDS } from '../routes.ts';
import { site } from '../site.ts';
import { PREVIEW_IMAGES } from './paths.ts';
import type { ItemRef } from '../social-api/items.ts';

// The public preview of an item, in one shape for every item type: what its page's metadata
// (Open Graph, Twitter card) and its generated image show. Each item type says once how its
// data becomes a Preview (lib/previews/items.ts); the page builds its metadata from it and the
// image route (app/og/[type]/[id]/[file]) draws it.

export interface PreviewCard {
  /** What it is, first on the image: "Photo", "Blog post", "Listing · $20", "Event". */
  kind: string;
  title: string;
  /** The line under the title: "by Alice Martin", "Saturday, December 5 · Central Park". */
  subtitle: string;
  /** The item's picture ('' for none): an address on the API's own origin (anything else is not fetched). */
  picture: string;
}

export interface Preview extends PreviewCard {
  item: ItemRef;
  /** Plain text, for the description tags. */
  description: string;
}

export const PREVIEW_IMAGE = { width: 1200, height: 630 } as const;

/** Raised when the image's design changes, so that every image gets a new address. */
const DESIGN = 1;

/**
 * The image's version: a hash of everything it draws. Its address carries it, so that it is
 * cached for good and a changed item (title, picture…) gets a new address.
 */
export function previewVersion(card: PreviewCard): string {
  return createHash('sha256')
    .update(JSON.stringify([DESIGN, card.kind, card.title, card.subtitle, card.picture]))
    .digest('base64url')
    .slice(0, 16);
}

/** The item's page, whether or not lib/routes.ts links to that type yet. */
function itemPath(item: ItemRef): string {
  return `/${ITEM_KINDS[item.type].path}/${item.id}`;
}

/** The generated image's path: /og/blog/12/<version>.png. */
export function previewImagePath(p: Preview): string {
  return `${PREVIEW_IMAGES}${p.item.type}/${p.item.id}/${previewVersion(p)}.png`;
}

/** What the image shows, in words (og:image:alt). */
function previewAlt(p: PreviewCard): string {
  return [p.kind, `“${p.title}”`, p.subtitle].filter(Boolean).join(' · ') + ` · ${site.name}`;
}

/**
 * An item page's metadata: title, description, canonical URL, Open Graph and a Twitter large
 * image card, every URL absolute on WEB_ORIGIN (crawlers read them without running scripts).
 */
export function previewMetadata(p: Preview): Metadata {
  const origin = env().WEB_ORIGIN;
  const url = `${origin}${itemPath(p.item)}`;
  const alt = previewAlt(p);
  const image = { url: `${origin}${previewImagePath(p)}`, ...PREVIEW_IMAGE, alt, type: 'image/png' };
  return {
    title: p.title,
    description: p.description,
    alternates: { canonical: url },
    openGraph: { type: 'article', url, title: p.title, description: p.description, siteName: site.name, images: [image] },
    twitter: { card: 'summary_large_image', title: p.title, description: p.description, images: [{ url: image.url, alt }] },
  };
}
