'use client';

import dynamic from 'next/dynamic';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { itemHref } from '@/lib/routes';
import type { Social } from '@/lib/social-api/core';
import { useViewer } from '@/components/auth/viewer-context';
import { useAnnounce } from '@/components/ui/announcer';
import { FormError } from '@/components/ui/form-error';
import { setLike } from './actions';
import { Comments } from './comments';
import { ShareMenu } from './share-menu';
import { useOptimisticToggle } from './use-optimistic-toggle';

// The dialogs load when first opened: their code is not part of the page's first load.
const LikersDialog = dynamic(() => import('./likers-dialog'));
const ShareDialog = dynamic(() => import('./share-dialog'));
const ReportDialog = dynamic(() => import('./report-dialog'));

export type SocialBarProps = {
  social: Social;
  /** Whose item it is: they get no "Report". */
  ownerId: number;
  /** The item in words, for names and dialogs: "Alice Martin’s post", "the album “Summer”". */
  label: string;
  /** "this post", "this photo": what the report dialog says it reports. */
  what: string;
  /** The comment box shows at once (an item's own page) rather than when "Comment" is pressed (a list). */
  writing?: boolean;
  /** After a share: the new activity's id (the feed puts it on top). */
  onShared?: (activityId: number) => void;
  /** More actions at the end of the row (Delete). */
  children?: ReactNode;
};

type Open = 'likers' | 'share' | 'report' | null;

/**
 * Likes, comments, sharing and reports for any item type: "Liked by …", the row of actions,
 * and the comments. A visitor (a public preview) sees the counts and the latest comments and
 * may copy or pass on the link; the page invites them to sign in for the rest. The like changes at once and goes back with the site's reason if refused.
 */
export function SocialBar({ social, ownerId, label, what, writing: writingAtOnce = false, onShared, children }: SocialBarProps) {
  const viewer = useViewer();
  const announce = useAnnounce();
  const commentInput = useRef<HTMLTextAreaElement>(null);
  const [open, setOpen] = useState<Open>(null);
  const [reported, setReported] = useState('');
  const [writing, setWriting] = useState(writingAtOnce);
  // The box appears, then takes the focus.
  useEffect(() => {
    if (writing && !writingAtOnce) commentInput.current?.focus();
  }, [writing, writingAtOnce]);
  const like = useOptimisticToggle({ on: social.liked, count: social.likeCount }, (on) => setLike({ item: social.item, like: on }));

  // "you" first when the reader likes it, then the first others the site named.
  const otherLikers = social.likers.filter((p) => p.id !== viewer?.id);
  const names = [...(like.on ? ['you'] : []), ...otherLikers.map((p) => p.name)].slice(0, 2);
  const rest = Math.max(0, like.count - names.length);
  // Each line's words as one string: one text node each on the server, not a node per piece.
  const named = `Liked by ${names.join(', ')}${rest > 0 && names.length ? ' and ' : ''}`;
  const others = `${rest} ${names.length ? (rest === 1 ? 'other' : 'others') : rest === 1 ? 'person' : 'people'}`;

  return (
    <div className="mt-4">
      {like.count > 0 ? (
        <p className="muted mb-2">
          {named}
          {rest > 0 ? (
            viewer ? (
              <button type="button" onClick={() => setOpen('likers')} className="link">
                {others}
              </button>
            ) : (
              // Who they are is for members (a visitor's public preview invites them to sign in).
              others
            )
          ) : null}
        </p>
      ) : null}
      <div className="actions">
        {social.can.like && viewer ? (
          <button
            type="button"
            aria-pressed={like.on}
            onClick={like.toggle}
            data-kb-like=""
            className="btn-ghost with-icon icon-heart tabular-nums"
          >
            {`Like ${like.count}`}
          </button>
        ) : (
          <span className="muted px-3 py-1.5">{`${like.count} ${like.count === 1 ? 'like' : 'likes'}`}</span>
        )}
        {social.can.comment && viewer ? (
          <button
            type="button"
            className="btn-ghost with-icon icon-chat"
            aria-expanded={writingAtOnce ? undefined : writing}
            onClick={() => (writing ? commentInput.current?.focus() : setWriting(true))}
          >
            Comment
          </button>
        ) : null}
        <ShareMenu
          path={itemHref(social.item) ?? ''}
          title={label}
          onShareToFeed={social.can.share && viewer ? () => setOpen('share') : undefined}
        />
        {social.can.report && viewer && viewer.id !== ownerId ? (
          <button type="button" className="btn-ghost with-icon icon-flag" onClick={() => setOpen('report')} disabled={!!reported}>
            {reported ? 'Reported' : 'Report'}
          </button>
        ) : null}
        {children}
      </div>
      {like.error ? (
        <FormError
          message={`${like.on ? 'Your like was not removed' : 'Your like was not saved'}: ${like.error.message}`}
          signedOut={like.error.signedOut}
          className="mt-2"
        />
      ) : null}
      {reported ? (
        <p role="status" className="muted mt-2">
          {reported}
        </p>
      ) : null}

      {/* Mounted once there is something to show (most items of a list have no comment yet). */}
      {social.comments.length || writing ? (
        <Comments
          item={social.item}
          initial={social.comments}
          total={social.commentCount}
          canComment={social.can.comment && !!viewer}
          label={label}
          inputRef={commentInput}
          writing={writing}
        />
      ) : null}

      {open === 'likers' ? <LikersDialog item={social.item} onClose={() => setOpen(null)} /> : null}
      {open === 'share' ? (
        <ShareDialog
          item={social.item}
          what={what}
          description={`${label} will appear on your wall.`}
          onClose={() => setOpen(null)}
          onShared={(activityId, message) => {
            setOpen(null);
            announce(message);
            onShared?.(activityId);
          }}
        />
      ) : null}
      {open === 'report' ? (
        <ReportDialog
          item={social.item}
          what={what}
          onClose={() => setOpen(null)}
          onReported={(message) => {
            setOpen(null);
            setReported(message);
          }}
        />
      ) : null}
    </div>
  );
}
