'use client';

import Link from 'next/link';
import { useId, useRef } from 'react';
import type { Activity } from '@/lib/social-api/activities';
import { AttachmentView } from './attachment-view';
import { Avatar } from './avatar';
import { Comments } from './comments';
import { DeletePostButton } from './delete-post-button';
import { LikeControl } from './like-control';
import { RelativeTime } from './relative-time';
import { SharePostButton } from './share-post-button';
import { buttonStyles } from './styles';

export type ActivityCardProps = {
  activity: Activity;
  posInSet: number;
  /** -1 while the end of the feed is not known (the feed pattern's convention). */
  setSize: number;
};

/** One activity as an <article> of the feed, named by its owner and its time. */
export function ActivityCard({ activity: a, posInSet, setSize }: ActivityCardProps) {
  const id = useId();
  const nameId = `${id}-owner`;
  const timeId = `${id}-time`;
  const contentId = `${id}-content`;
  const commentInput = useRef<HTMLTextAreaElement>(null);

  return (
    <article
      tabIndex={0}
      aria-labelledby={`${nameId} ${timeId}`}
      aria-describedby={a.html ? contentId : undefined}
      aria-posinset={posInSet}
      aria-setsize={setSize}
      data-activity-id={a.id}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm focus-visible:outline-2 dark:border-slate-800 dark:bg-slate-900"
    >
      <header className="flex items-center gap-3">
        <Link href={`/users/${a.owner.id}`} tabIndex={-1} aria-hidden="true" className="rounded-full">
          <Avatar person={a.owner} />
        </Link>
        <div className="min-w-0">
          <Link
            id={nameId}
            href={`/users/${a.owner.id}`}
            className="block truncate font-semibold text-slate-900 hover:underline dark:text-white"
          >
            {a.owner.name}
          </Link>
          <RelativeTime id={timeId} ms={a.createdAt} className="text-sm text-slate-500 dark:text-slate-400" />
        </div>
      </header>

      {a.html ? (
        <div
          id={contentId}
          className="mt-3 break-words whitespace-pre-line text-slate-800 dark:text-slate-200 [&_a]:text-indigo-700 [&_a]:underline dark:[&_a]:text-indigo-300"
          // Sanitized on the server (lib/social-api/sanitize.ts) before it reached this component.
          dangerouslySetInnerHTML={{ __html: a.html }}
        />
      ) : null}

      {a.attachments.length ? (
        <div className="mt-3 space-y-3">
          {a.attachments.map((attachment, i) => (
            <AttachmentView key={i} attachment={attachment} />
          ))}
        </div>
      ) : null}

      <LikeControl activity={a}>
        {a.can.comment ? (
          <button type="button" className={buttonStyles.ghost} onClick={() => commentInput.current?.focus()}>
            Comment
          </button>
        ) : null}
        {a.can.share ? <SharePostButton activityId={a.id} ownerName={a.owner.name} /> : null}
        {a.can.delete ? <DeletePostButton activityId={a.id} /> : null}
      </LikeControl>

      <Comments activity={a} inputRef={commentInput} />
    </article>
  );
}
