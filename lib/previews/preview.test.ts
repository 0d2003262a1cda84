import { describe, expect, it } from 'vitest';
import { blogPreview } from './items.ts';
import { previewImagePath, previewMetadata, previewVersion } from './preview.ts';
import type { BlogPost } from '../social-api/blogs.ts';

process.env.WEB_ORIGIN = 'https://social.example';

const post: BlogPost = {
  id: 12,
  title: 'Three days in Lyon',
  author: { id: 3, name: 'Alice Martin', image: '' },
  createdAt: 0,
  html: '<h2>Day one</h2><p>We walked up <strong>Fourvière</strong> &amp; ate too much.</p>',
  category: { id: 2, title: 'Travel' },
  tags: [],
  draft: false,
  canEdit: false,
  canDelete: false,
  social: {
    item: { type: 'blog', id: 12 },
    liked: false,
    likeCount: 0,
    likers: [],
    commentCount: 0,
    comments: [],
    can: { like: false, comment: false, share: false, report: false },
  },
};

describe('an item page’s metadata', () => {
  it('has a title, a plain-text description, and absolute URLs on WEB_ORIGIN for the page and its image', () => {
    const preview = blogPreview(post);
    const m = previewMetadata(preview);
    expect(m.title).toBe('Three days in Lyon');
    expect(m.description).toBe('Day one. We walked up Fourvière & ate too much.');
    expect(m.alternates?.canonical).toBe('https://social.example/blogs/12');
    const image = `https://social.example/og/blog/12/${previewVersion(preview)}.png`;
    expect(m.openGraph).toMatchObject({
      type: 'article',
      url: 'https://social.example/blogs/12',
      siteName: 'Social',
      title: 'Three days in Lyon',
      images: [{ url: image, width: 1200, height: 630, alt: 'Blog post · Travel · “Three days in Lyon” · by Alice Martin · Social' }],
    });
    expect(m.twitter).toMatchObject({ card: 'summary_large_image', images: [{ url: image }] });
  });

  it('gives the image a new address when what it draws changes, and the same one otherwise', () => {
    const base = blogPreview(post);
    expect(previewImagePath(blogPreview({ ...post }))).toBe(previewImagePath(base));
    // The body is not drawn: editing it keeps the image.
    expect(previewImagePath(blogPreview({ ...post, html: '<p>Other words</p>' }))).toBe(previewImagePath(base));
    for (const changed of [
      { ...post, title: 'Four days in Lyon' },
      { ...post, author: { ...post.author, name: 'Alice M.' } },
      { ...post, category: null },
    ]) {
      expect(previewImagePath(blogPreview(changed))).not.toBe(previewImagePath(base));
    }
  });
});
