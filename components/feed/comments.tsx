'use client';

import Link from 'next/link';
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { Activity } from '@/lib/social-api/activities';
import type { Comment } from '@/lib/social-api/core';
import { ACTIVITY_BODY_MAX, COMMENTS_PAGE_SIZE, commentCreateSchema, fieldErrorsOf } from '@/lib/validations/activity';
import { addCommentToPost, deleteCommentFromPost, loadComments, setLike } from './actions';
import { callAction } from './call-action';
import { Avatar } from './avatar';
import { useFeed } from './feed-context';
import { HeartIcon } from './feed-icons';
import { RelativeTime } from './relative-time';
import { buttonStyles } from './styles';

export type CommentsProps = {
  activity: Activity;
  /** The comment box, so that the activity's "Comment" button can focus it. */
  inputRef: RefObject<HTMLTextAreaElement | null>;
};

/** Merges comments by id, oldest first (ids grow with time). */
function merge(a: Comment[], b: Comment[]): Comment[] {
  const byId = new Map<number, Comment>();
  for (const c of [...a, ...b]) byId.set(c.id, c);
  return [...byId.values()].sort((x, y) => x.id - y.id);
}

/** The latest comments inline, older ones on request, a box to add one. */
export function Comments({ activity, inputRef }: CommentsProps) {
  const { announce } = useFeed();
  const [comments, setComments] = useState<Comment[]>(activity.comments);
  const [total, setTotal] = useState(activity.commentCount);
  // Pages of COMMENTS_PAGE_SIZE fetched so far, counted from the newest.
  const [pages, setPages] = useState(0);
  const [more, setMore] = useState<'idle' | 'loading' | 'error'>('idle');
  const [exhausted, setExhausted] = useState(false);
  const [body, setBody] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const [listError, setListError] = useState('');
  const fieldId = useId();

  const hidden = Math.max(0, total - comments.length);

  const loadMore = async () => {
    setMore('loading');
    const page = pages + 1;
    const res = await callAction(() => loadComments({ activityId: activity.id, page }));
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
    const parsed = commentCreateSchema.safeParse({ activityId: activity.id, body });
    if (!parsed.success) {
      setError(fieldErrorsOf(parsed.error).body ?? 'Check the comment.');
      return;
    }
    setPending(true);
    setError('');
    const res = await callAction(() => addCommentToPost({ activityId: activity.id, body }));
    setPending(false);
    if (!res.ok) {
      // What was typed stays in the box.
      setError(res.fieldErrors?.body ?? res.message);
      return;
    }
    setComments((current) => merge(current, [res.data]));
    setTotal((n) => n + 1);
    setBody('');
    announce('Your comment was added.');
  };

  const removed = (id: number) => {
    setComments((current) => current.filter((c) => c.id !== id));
    setTotal((n) => Math.max(0, n - 1));
    announce('The comment was deleted.');
    requestAnimationFrame(() => inputRef.current?.focus());
  };

  if (!activity.can.comment && comments.length === 0) return null;

  return (
    <section aria-label={`Comments on ${activity.owner.name}’s post`} className="mt-3 space-y-3">
      {hidden > 0 && !exhausted ? (
        <button type="button" onClick={loadMore} disabled={more === 'loading'} className="text-sm font-medium text-indigo-700 hover:underline disabled:opacity-60 dark:text-indigo-300">
          {more === 'loading' ? 'Loading comments…' : more === 'error' ? 'Try again to view more comments' : `View more comments (${hidden})`}
        </button>
      ) : null}
      {listError ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {listError}
        </p>
      ) : null}
      {comments.length ? (
        <ol className="space-y-3">
          {comments.map((c) => (
            <CommentItem key={c.id} activityId={activity.id} comment={c} onDeleted={removed} />
          ))}
        </ol>
      ) : null}
      {activity.can.comment ? (
        <form onSubmit={submit} noValidate className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor={fieldId} className="sr-only">
              Write a comment
            </label>
            <textarea
              id={fieldId}
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
              maxLength={ACTIVITY_BODY_MAX}
              placeholder="Write a comment…"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${fieldId}-error` : undefined}
              className="block w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-950"
            />
            {error ? (
              <p id={`${fieldId}-error`} role="alert" className="mt-1 text-sm text-rose-700 dark:text-rose-300">
                {error}
              </p>
            ) : null}
          </div>
          <button type="submit" disabled={pending} className={buttonStyles.secondary}>
            {pending ? 'Posting…' : 'Post comment'}
          </button>
        </form>
      ) : null}
    </section>
  );
}

type CommentItemProps = { activityId: number; comment: Comment; onDeleted: (id: number) => void };

function CommentItem({ activityId, comment: c, onDeleted }: CommentItemProps) {
  const [liked, setLiked] = useState(c.liked);
  const [count, setCount] = useState(c.likeCount);
  const [error, setError] = useState('');
  const [deleting, setDeleting] = useState(false);
  const busy = useRef(false);

  const toggleLike = async () => {
    if (busy.current) return;
    busy.current = true;
    const before = { liked, count };
    const like = !liked;
    setLiked(like);
    setCount(Math.max(0, count + (like ? 1 : -1)));
    setError('');
    const res = await callAction(() => setLike({ activityId, commentId: c.id, like }));
    busy.current = false;
    if (!res.ok) {
      setLiked(before.liked);
      setCount(before.count);
      setError(res.message);
    }
  };

  const remove = async () => {
    setDeleting(true);
    setError('');
    const res = await callAction(() => deleteCommentFromPost({ activityId, commentId: c.id }));
    if (!res.ok) {
      setDeleting(false);
      setError(res.message);
      return;
    }
    onDeleted(c.id);
  };

  return (
    <li className="flex gap-2">
      <Link href={`/users/${c.author.id}`} tabIndex={-1} aria-hidden="true" className="rounded-full">
        <Avatar person={c.author} size="sm" />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="rounded-2xl bg-slate-100 px-3 py-2 dark:bg-slate-800">
          <Link href={`/users/${c.author.id}`} className="text-sm font-semibold hover:underline">
            {c.author.name}
          </Link>
          <p className="text-sm break-words whitespace-pre-line">{c.text}</p>
        </div>
        <div className="mt-1 flex items-center gap-3 px-2 text-xs text-slate-500 dark:text-slate-400">
          <RelativeTime ms={c.createdAt} />
          <button
            type="button"
            aria-pressed={liked}
            onClick={toggleLike}
            className={`inline-flex items-center gap-1 font-medium hover:underline ${liked ? 'text-rose-600 dark:text-rose-400' : ''}`}
          >
            <HeartIcon className="size-3.5" filled={liked} />
            Like
            {count > 0 ? <span className="tabular-nums">{count}</span> : null}
          </button>
          {c.canDelete ? (
            <button type="button" onClick={remove} disabled={deleting} aria-label={`Delete comment by ${c.author.name}`} className="font-medium hover:underline">
              {deleting ? 'Deleting…' : 'Delete'}
            </button>
          ) : null}
        </div>
        {error ? (
          <p role="alert" className="mt-1 px-2 text-xs text-rose-700 dark:text-rose-300">
            {error}
          </p>
        ) : null}
      </div>
    </li>
  );
}
