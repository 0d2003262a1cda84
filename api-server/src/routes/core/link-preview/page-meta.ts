import { Parser } from 'htmlparser2';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute http(s) URLs, the page's chosen pictures first. */
  images: string[];
}

const TITLE_MAX = 300;
const DESCRIPTION_MAX = 1000;
const IMAGES_MAX = 10;

const clean = (text: string, max: number): string => {
  const folded = text.replace(/\s+/g, ' ').trim();
  return folded.length > max ? `${folded.slice(0, max - 1).trimEnd()}…` : folded;
};

/** An absolute http(s) URL for `ref` relative to `base`; null for other schemes (data:, javascript:) and junk. */
function absoluteHttpUrl(ref: string, base: string): string | null {
  const value = ref.trim();
  if (!value) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * What a link card shows, from Open Graph and Twitter card tags, falling back to <title>,
 * <meta name=description> and, for pictures, <link rel=image_src> and the page's <img>s.
 * Relative URLs resolve against <base href> when there is one, else against the page URL.
 */
export function parsePageMeta(html: string, pageUrl: string): PageMeta {
  const meta = new Map<string, string[]>();
  const linked: string[] = [];
  const inline: string[] = [];
  let base = pageUrl;
  let titleText = '';
  let inTitle = false;
  let sawTitle = false;

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'meta') {
          const key = (attrs.property ?? attrs.name ?? '').trim().toLowerCase();
          const content = attrs.content;
          if (key && content !== undefined) meta.set(key, [...(meta.get(key) ?? []), content]);
        } else if (name === 'title' && !sawTitle) {
          inTitle = true;
        } else if (name === 'base' && attrs.href && base === pageUrl) {
          base = absoluteHttpUrl(attrs.href, pageUrl) ?? pageUrl;
        } else if (name === 'link' && attrs.href && /(^|\s)image_src(\s|$)/i.test(attrs.rel ?? '')) {
          linked.push(attrs.href);
        } else if (name === 'img' && attrs.src && inline.length < IMAGES_MAX) {
          inline.push(attrs.src);
        }
      },
      ontext(text) {
        if (inTitle) titleText += text;
      },
      onclosetag(name) {
        if (name === 'title' && inTitle) {
          inTitle = false;
          sawTitle = true;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();

  const first = (...keys: string[]) => {
    for (const k of keys) {
      const v = meta.get(k)?.find((x) => x.trim());
      if (v) return v;
    }
    return '';
  };
  const all = (...keys: string[]) => keys.flatMap((k) => meta.get(k) ?? []);

  // The page's own choice of pictures wins; only without one do its inline images stand in.
  const chosen = [...all('og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src'), ...linked];
  const images: string[] = [];
  for (const ref of chosen.length ? chosen : inline) {
    const url = absoluteHttpUrl(ref, base);
    if (url && !images.includes(url)) images.push(url);
    if (images.length === IMAGES_MAX) break;
  }
  return {
    title: clean(first('og:title', 'twitter:title') || titleText, TITLE_MAX),
    description: clean(first('og:description', 'twitter:description', 'description'), DESCRIPTION_MAX),
    images,
  };
}
