import { useId } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { TagLinks } from '@/components/ui/tag-links';
import { SocialBar } from '@/components/social/social-bar';
import { routes } from '@/lib/routes';
import type { BlogPost } from '@/lib/social-api/blogs';
import { BlogOwnerActions } from './blog-owner-actions';
import { PostDate } from '@/components/ui/post-date';

/**
 * A blog post on its own page. A server component: the body is HTML the API cleaned and the
 * BFF cleaned again (lib/social-api/sanitize.ts), rendered as it is; the client islands are
 * the author's actions and the social layer.
 */
export function BlogArticle({ post }: { post: BlogPost }) {
  const id = useId();
  const label = `“${post.title}” by ${post.author.name}`;
  return (
    <article aria-labelledby={`${id}-title`} className="mx-auto w-full max-w-3xl">
      {post.draft ? (
        <p className="mb-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
          <span className="badge mr-2">Draft</span>
          Only you can see this post. Publish it to share it.
        </p>
      ) : null}
      <header>
        {post.category ? (
          <a href={routes.blogs({ category: post.category.id })} className="link text-sm">
            {post.category.title}
          </a>
        ) : null}
        <h1 id={`${id}-title`} className="mt-1 text-3xl font-bold tracking-tight">
          {post.title}
        </h1>
        <div className="mt-4 flex items-center gap-3">
          <Avatar person={post.author} />
          <p className="text-sm">
            <a href={routes.user(post.author.id)} className="name">
              {post.author.name}
            </a>
            <span className="muted block">
              {post.createdAt ? <PostDate ms={post.createdAt} /> : null}
              {post.views !== undefined && !post.draft ? ` · ${post.views} ${post.views === 1 ? 'view' : 'views'}` : null}
            </span>
          </p>
        </div>
      </header>

      {/* Sanitized on the server (lib/social-api/sanitize.ts) before it reached this component. */}
      <div className="rich-text mt-8" dangerouslySetInnerHTML={{ __html: post.html }} />

      <TagLinks tags={post.tags} href={(tag) => routes.blogs({ q: tag })} className="mt-8" />

      {post.canEdit || post.canDelete ? (
        <BlogOwnerActions id={post.id} title={post.title} draft={post.draft} canEdit={post.canEdit} canDelete={post.canDelete} />
      ) : null}

      <div className="mt-6">
        <SocialBar social={post.social} ownerId={post.author.id} label={label} what="this blog post" writing />
      </div>
    </article>
  );
}
