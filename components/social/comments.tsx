'use client';

import dynamic from 'next/dynamic';
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { callAction } from '@/lib/action-result';
import { routes } from '@/lib/routes';
import type { Comment } from '@/lib/social-api/core';
import type { ItemRef } from '@/lib/social-api/items';
import { COMMENTS_PAGE_SIZE, SOCIAL_BODY_MAX } from '@/lib/validations/limits';
import { useViewer } from '@/components/auth/viewer-context';
import { useAnnounce } from '@/components/ui/announcer';
import { Avatar } from '@/components/ui/avatar';
import { FormError } from '@/components/ui/form-error';
import { lazySchema, SCHEMA_NOT_LOADED } from '@/components/ui/lazy-resolver';
import { useAction } from '@/components/ui/use-action';
import { timeTag, useClock } from '@/components/ui/relative-time';
import { loadComments, postComment, removeComment, setLike } from './actions';
import { useOptimisticToggle } from './use-optimistic-toggle';

const ReportDialog = dynamic(() => import('./report-dialog'));
/** The comment's schema (zod), loaded after the page rather than with every page that has comments (lazySchema). */
const commentSchema = lazySchema(() => import('@/lib/validations/social').then((m) => m.commentCreateSchema));

export type CommentsProps = {
  item: ItemRef;
  /** The latest comments, oldest first, as the page was rendered with them. */
  initial: Comment[];
  total: number;
  canComment: boolean;
  /** "Alice Martin’s post": names the section for screen readers. */
  label: string;
  /** The comment box, so that the item's "Comment" button can focus it. */
  inputRef: RefObject<HTMLTextAreaElement | null>;
  /**
   * Whether the box is shown. In a list of items it appears when "Comment" is pressed (a feed
   * of fifteen posts does not carry fifteen empty forms); an item's own page shows it at once.
   */
  writing: boolean;
};

/** Merges comments by id, oldest first (ids grow with time). */
function merge(a: Comment[], b: Comment[]): Comment[] {
  const byId = new Map<number, Comment>();
  for (const c of [...a, ...b]) byId.set(c.id, c);
  return [...byId.values()].sort((x, y) => x.id - y.id);
}

/** An item's comments: the latest inline, older ones on request, a box to add one. */
export function Comments({ item, initial, total: initialTotal, canComment, label, inputRef, writing }: CommentsProps) {
  const announce = useAnnounce();
  // A visitor on a public preview sees the latest comments; the older ones are for members.
  const visitor = !useViewer();
  const [comments, setComments] = useState<Comment[]>(initial);
  const [total, setTotal] = useState(initialTotal);
  // The last page of COMMENTS_PAGE_SIZE fetched, counted from the newest (0: none yet).
  const [pages, setPages] = useState(0);
  const [more, setMore] = useState<'idle' | 'loading' | 'error'>('idle');
  const [exhausted, setExhausted] = useState(false);
  const [body, setBody] = useState('');
  const { pending, problem, setProblem, run, invalid } = useAction();
  const sending = useRef(false);
  const error = problem && { message: problem.fieldErrors?.body ?? problem.message, signedOut: problem.signedOut };
  const [listError, setListError] = useState('');
  const fieldId = useId();
  const clock = useClock();

  const hidden = Math.max(0, total - comments.length);

  const loadMore = async () => {
    setMore('loading');
    // The comments shown are the newest ones, so the next page is the first that holds an
    // older one (an item's page may start with ten, a card with three); past a page that
    // brought nothing new (others commented meanwhile, shifting the pages), the one after it.
    const page = Math.max(pages + 1, Math.floor(comments.length / COMMENTS_PAGE_SIZE) + 1);
    const res = await callAction(() => loadComments({ item, page }));
    if (!res.ok) {
      setMore('error');
      setListError(res.message);
      return;
    }
    setListError('');
    setPages(page);
    setMore('idle');
    if (res.data.length < COMMENTS_PAGE_SIZE) setExhausted(true);
    setComments((current) => merge(res.data, current));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // One send at a time: a second Enter while the schema loads would comment twice.
    if (sending.current) return;
    sending.current = true;
    try {
      const schema = await commentSchema().catch(() => undefined);
      if (!schema) {
        setProblem({ message: SCHEMA_NOT_LOADED });
        return;
      }
      const parsed = schema.safeParse({ item, body });
      if (!parsed.success) {
        invalid(parsed.error, ['body']);
        return;
      }
      const res = await run(() => postComment({ item, body }));
      // On a failure what was typed stays in the box.
      if (!res.ok) return;
      setComments((current) => merge(current, [res.data]));
      setTotal((n) => n + 1);
      setBody('');
      announce('Your comment was added.');
    } finally {
      sending.current = false;
    }
  };

  const removed = (id: number) => {
    setComments((current) => current.filter((c) => c.id !== id));
    setTotal((n) => Math.max(0, n - 1));
    announce('The comment was deleted.');
    requestAnimationFrame(() => inputRef.current?.focus());
  };

  if (comments.length === 0 && !(canComment && writing)) return null;

  return (
    <section aria-label={`Comments on ${label}`} className="mt-3 space-y-3">
      {hidden > 0 && !exhausted && !visitor ? (
        <button type="button" onClick={loadMore} disabled={more === 'loading'} className="link text-sm disabled:opacity-60">
          {more === 'loading'
            ? 'Loading comments…'
            : more === 'error'
              ? 'Try again to view more comments'
              : `View more comments (${hidden})`}
        </button>
      ) : null}
      {listError ? <FormError message={listError} /> : null}
      {comments.length ? (
        <ol className="space-y-3">
          {comments.map((c) => (
            <CommentItem key={c.id} item={item} comment={c} clock={clock} onDeleted={removed} />
          ))}
        </ol>
      ) : null}
      {canComment && writing ? (
        <form onSubmit={submit} noValidate className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <textarea
              id={fieldId}
              aria-label="Write a comment"
              ref={inputRef}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              onKeyDown={(e) => {
                // Enter sends, Shift+Enter breaks the line (as on most social sites).
                if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  e.currentTarget.form?.requestSubmit();
                }
              }}
              rows={1}
              maxLength={SOCIAL_BODY_MAX}
              placeholder="Write a comment…"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${fieldId}-error` : undefined}
              className="field mt-0 resize-y"
            />
            <FormError id={`${fieldId}-error`} message={error?.message} signedOut={error?.signedOut} className="mt-1" />
          </div>
          <button type="submit" disabled={pending} className="btn btn-secondary">
            {pending ? 'Posting…' : 'Post comment'}
          </button>
        </form>
      ) : null}
    </section>
  );
}

type CommentItemProps = { item: ItemRef; comment: Comment; clock: number; onDeleted: (id: number) => void };

// A feed renders a few dozen comments: their avatar and time are plain calls (no component
// each), the clock read once by the list, and the error line only when there is an error.
function CommentItem({ item, comment: c, clock, onDeleted }: CommentItemProps) {
  const viewer = useViewer();
  const announce = useAnnounce();
  const like = useOptimisticToggle({ on: c.liked, count: c.likeCount }, (on) => setLike({ item, commentId: c.id, like: on }));
  const deletion = useAction();
  const [reporting, setReporting] = useState(false);

  const remove = async () => {
    const res = await deletion.run(() => removeComment({ item, commentId: c.id }));
    if (res.ok) onDeleted(c.id);
  };

  const error = deletion.problem ?? like.error;
  return (
    <li className="comment" id={`comment-${c.id}`}>
      {Avatar({ person: c.author, size: 'sm' })}
      <div>
        <div className="bubble">
          <a href={routes.user(c.author.id)} className="name">
            {c.author.name}
          </a>
          <p>{c.text}</p>
        </div>
        <div className="meta">
          {timeTag(clock, { ms: c.createdAt })}
          <span>
            {/* A visitor (a public preview) sees the likes, and the page invites them to sign in to like. */}
            {viewer ? (
              <button
                type="button"
                aria-pressed={like.on}
                onClick={like.toggle}
                aria-label={`Like comment by ${c.author.name}`}
                className="with-icon icon-heart"
              >
                Like
              </button>
            ) : null}
            {like.count > 0 ? (
              <span className="tabular-nums">
                {like.count}
                <span className={viewer ? 'sr-only' : undefined}>{like.count === 1 ? ' like' : ' likes'}</span>
              </span>
            ) : null}
          </span>
          {c.canDelete ? (
            <button type="button" onClick={remove} disabled={deletion.pending} aria-label={`Delete comment by ${c.author.name}`}>
              {deletion.pending ? 'Deleting…' : 'Delete'}
            </button>
          ) : null}
          {viewer && viewer.id !== c.author.id ? (
            <button type="button" onClick={() => setReporting(true)} aria-label={`Report comment by ${c.author.name}`}>
              Report
            </button>
          ) : null}
        </div>
        {error ? <FormError message={error.message} signedOut={error.signedOut} className="mt-1 px-2 text-xs" /> : null}
        {reporting ? (
          <ReportDialog
            item={item}
            commentId={c.id}
            what="this comment"
            onClose={() => setReporting(false)}
            onReported={(message) => {
              setReporting(false);
              announce(message);
            }}
          />
        ) : null}
      </div>
    </li>
  );
}
