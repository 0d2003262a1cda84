import { useId } from 'react';
import { routes } from '@/lib/routes';
import type { BlogSummary } from '@/lib/social-api/blogs';
import { PostDate } from '@/components/ui/post-date';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * A post in a list: its title (the link to it), author, date, category, the beginning of its
 * text, its counts; a draft is marked. A server component: nothing in it waits for a click but
 * its links, which the site's chrome handles (plain <a>).
 */
export function BlogCard({ post }: { post: BlogSummary }) {
  const id = useId();
  const counts = [
    // A draft has had no readers yet.
    post.views !== undefined && !post.draft ? plural(post.views, 'view') : '',
    post.likeCount ? plural(post.likeCount, 'like') : '',
    post.commentCount ? plural(post.commentCount, 'comment') : '',
  ].filter(Boolean);
  return (
    <article aria-labelledby={id} className="card" data-kb-item="">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={id} className="text-lg font-semibold tracking-tight">
          <a href={routes.blog(post.id)} className="hover:underline">
            {post.title}
          </a>
        </h2>
        {post.draft ? <span className="badge">Draft</span> : null}
      </div>
      <p className="muted mt-1">
        By{' '}
        <a href={routes.user(post.author.id)} className="name">
          {post.author.name}
        </a>
        {post.createdAt ? (
          <>
            {' · '}
            <PostDate ms={post.createdAt} />
          </>
        ) : null}
        {post.category ? (
          <>
            {' · '}
            <a href={routes.blogs({ category: post.category.id })} className="link">
              {post.category.title}
            </a>
          </>
        ) : null}
      </p>
      {post.excerpt ? <p className="mt-3 text-slate-700 dark:text-slate-300">{post.excerpt}</p> : null}
      {counts.length ? <p className="muted mt-3">{counts.join(' · ')}</p> : null}
    </article>
  );
}
