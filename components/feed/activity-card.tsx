'use client';

import dynamic from 'next/dynamic';
import { Fragment, useId, useState } from 'react';
import { callAction } from '@/lib/action-result';
import { routes } from '@/lib/routes';
import type { Activity } from '@/lib/social-api/activities';
import { useAnnounce } from '@/components/ui/announcer';
import { Avatar } from '@/components/ui/avatar';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { timeTag, useClock } from '@/components/ui/relative-time';
import { SocialBar } from '@/components/social/social-bar';
import { useViewer } from '@/components/auth/viewer-context';
import { isWaiting } from '@/components/videos/video-states';
import { deletePost, loadActivity } from './actions';
import { AttachmentView } from './attachment-view';
import { useFeed } from './feed-context';
import type { ConvertingMedia } from './posted-media-wait';

// Only a post of the reader's own with a video or song still converting has it (rare): loaded then.
const PostedMediaWait = dynamic(() => import('./posted-media-wait').then((m) => m.PostedMediaWait));

/** The post's video or song still being converted, if it has one. */
function convertingMedia(a: Activity): ConvertingMedia | undefined {
  for (const x of a.attachments) {
    if (x.kind === 'video' && x.video.player.kind === 'upload' && isWaiting(x.video.status)) return { kind: 'video', id: x.video.id };
    if (x.kind === 'song' && !x.source && x.status !== 'conversion_failed') return { kind: 'song', id: x.id };
  }
  return undefined;
}

export type ActivityCardProps = {
  activity: Activity;
  /** In a feed: its position, and -1 while the end of the feed is not known (the feed pattern's convention). */
  posInSet?: number;
  setSize?: number;
  /** On its own page: the comment box shows at once. */
  standalone?: boolean;
  /** After it is deleted, when it is not in a feed (its own page goes home). */
  onDeleted?: () => void;
  /** The article's element id (the feed names its second post: see FIRST_PAINT_TARGET). */
  elementId?: string;
  /**
   * Where its pictures stand in the page: `lazy` below the first screen (the default in a feed),
   * `eager` in the first screen, `first` for the post whose photo is likely the page's largest
   * paint (asked for first: fetchpriority high). A post on its own page is `first`.
   */
  pictures?: PictureRank;
};

export type PictureRank = 'lazy' | 'eager' | 'first';

// Links inside items are plain <a>: navigation stays client-side through the site chrome's
// ClientLinks (components/ui/client-links.tsx), without a next/link (and its prefetch) per link.

/** One activity as an <article>, named by its owner and its time, with the social layer. */
export function ActivityCard({
  activity: a,
  posInSet,
  setSize,
  standalone = false,
  onDeleted,
  elementId,
  pictures = standalone ? 'first' : 'lazy',
}: ActivityCardProps) {
  const feed = useFeed();
  const viewer = useViewer();
  // The reader's own upload still being converted: followed until it plays (PostedMediaWait). A
  // song without a source is one not converted yet (or one that failed: asked once, then let be).
  const converting = viewer?.id === a.owner.id ? convertingMedia(a) : undefined;
  const announce = useAnnounce();
  const id = useId();
  const clock = useClock();
  const [confirming, setConfirming] = useState(false);
  // Of a `first` post, only its first photo is asked for first; the rest of the first screen is eager.
  const leadPhoto = pictures === 'first' ? a.attachments.findIndex((x) => x.kind === 'photo') : -1;
  const label = a.wall
    ? `${a.owner.name}’s post on ${a.wall.name}’s wall`
    : a.group
      ? `${a.owner.name}’s post in ${a.group.name}`
      : `${a.owner.name}’s post`;

  const shared = async (activityId: number) => {
    if (!feed?.showsOwnPosts) return;
    const res = await callAction(() => loadActivity({ id: activityId }));
    if (res.ok && res.data) {
      feed.prepend([res.data]);
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }
  };

  return (
    <article
      id={elementId}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the ARIA feed pattern: each article of a feed takes the focus, and Page Down and Page Up move between them
      tabIndex={0}
      aria-labelledby={`${id}o ${id}t`}
      aria-describedby={a.html ? `${id}c` : undefined}
      aria-posinset={posInSet}
      aria-setsize={setSize}
      data-activity-id={a.id}
      data-kb-item=""
      className="card post"
    >
      <header>
        {Avatar({ person: a.owner })}
        <div>
          <a id={`${id}o`} href={routes.user(a.owner.id)} className="name">
            {a.owner.name}
          </a>
          {a.wall ? (
            <>
              {' '}
              <span aria-hidden="true">→</span>
              <span className="sr-only">on the wall of</span>{' '}
              <a href={routes.user(a.wall.id)} className="name">
                {a.wall.name}
              </a>
            </>
          ) : a.group ? (
            <>
              {' '}
              <span aria-hidden="true">→</span>
              <span className="sr-only">in the group</span>{' '}
              <a href={routes.group(a.group.id)} className="name">
                {a.group.name}
              </a>
            </>
          ) : null}
          <a href={routes.activity(a.id)} data-kb-open="">
            {timeTag(clock, { id: `${id}t`, ms: a.createdAt })}
          </a>
        </div>
      </header>

      {a.html ? (
        // Sanitized on the server (lib/social-api/sanitize.ts) before it reached this component.
        <div id={`${id}c`} className="prose-content mt-3" dangerouslySetInnerHTML={{ __html: a.html }} />
      ) : null}

      {a.attachments.length ? (
        <div className="mt-3 space-y-3">
          {a.attachments.map((attachment, i) => (
            // A plain call (hook-free), keyed by position: no component per attachment.
            <Fragment key={i}>
              {AttachmentView({ attachment, rank: i === leadPhoto ? 'first' : pictures === 'lazy' ? 'lazy' : 'eager' })}
            </Fragment>
          ))}
        </div>
      ) : null}

      {converting ? <PostedMediaWait activityId={a.id} media={converting} /> : null}

      <SocialBar social={a.social} ownerId={a.owner.id} label={label} what="this post" writing={standalone} onShared={shared}>
        {a.canDelete ? (
          <button type="button" className="btn-ghost" onClick={() => setConfirming(true)}>
            Delete
          </button>
        ) : null}
      </SocialBar>

      {confirming ? (
        <ConfirmDialog
          open
          onClose={() => setConfirming(false)}
          title="Delete this post?"
          description="It will be removed from your wall and from your friends’ feeds, with its likes and comments. This cannot be undone."
          confirmLabel="Delete"
          pendingLabel="Deleting…"
          action={() => deletePost({ activityId: a.id })}
          onDone={(message) => {
            setConfirming(false);
            announce(message || 'The post was deleted.');
            if (feed) feed.remove(a.id);
            else onDeleted?.();
          }}
        />
      ) : null}
    </article>
  );
}
