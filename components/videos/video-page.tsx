import { useId } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { PostDate } from '@/components/ui/post-date';
import { TagLinks } from '@/components/ui/tag-links';
import { SocialBar } from '@/components/social/social-bar';
import { routes } from '@/lib/routes';
import type { Video } from '@/lib/social-api/videos';
import { VideoEmbed } from './video-embed';
import { VideoOwnerActions } from './video-owner-actions';
import { VideoPlayer } from './video-player';
import { VideoRating } from './video-rating';

/**
 * A video on its own page: the player, its title, owner, views and rating, its description
 * (plain text as typed; the player's text alternative), tags, the owner's actions, and the social
 * layer. `visitor`: a reader who is not signed in (no rating for them).
 */
export function VideoPage({ video: v, visitor }: { video: Video; visitor: boolean }) {
  const id = useId();
  return (
    <article aria-labelledby={`${id}-title`} className="mx-auto w-full max-w-4xl">
      <VideoPlayer video={v} describedBy={v.description ? `${id}-description` : undefined} />
      <header className="mt-4">
        {v.category ? (
          <a href={routes.videos({ category: v.category.id })} className="link text-sm">
            {v.category.title}
          </a>
        ) : null}
        <h1 id={`${id}-title`} className="mt-1 text-2xl font-bold tracking-tight">
          {v.title}
        </h1>
        <div className="mt-3 flex items-center gap-3">
          <Avatar person={v.owner} />
          <p className="text-sm">
            <a href={routes.user(v.owner.id)} className="name">
              {v.owner.name}
            </a>
            <span className="muted block">
              {v.createdAt ? <PostDate ms={v.createdAt} /> : null}
              {` · ${v.views} ${v.views === 1 ? 'view' : 'views'}`}
              {v.duration ? ` · ${v.duration}` : ''}
            </span>
          </p>
        </div>
      </header>
      <VideoRating id={v.id} rating={v.rating} count={v.ratingCount} rated={v.isRated} canRate={!visitor && v.status === 'processed'} />
      {v.description ? (
        <p id={`${id}-description`} className="mt-4 whitespace-pre-line">
          {v.description}
        </p>
      ) : null}
      <TagLinks tags={v.tags} href={(tag) => routes.videos({ q: tag })} className="mt-4" />
      <VideoEmbed video={v} />
      {v.canEdit || v.canDelete ? <VideoOwnerActions id={v.id} title={v.title} canEdit={v.canEdit} canDelete={v.canDelete} /> : null}
      <div className="mt-6">
        <SocialBar social={v.social} ownerId={v.owner.id} label={`“${v.title}” by ${v.owner.name}`} what="this video" />
      </div>
    </article>
  );
}
