'use client';

import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { callAction } from '@/lib/action-result';
import { mergeMessages } from '@/lib/messages/merge';
import type { Message } from '@/lib/social-api/messages';
import { shareCounts } from '@/components/notifications/bell-poll';
import { useAnnounce } from '@/components/ui/announcer';
import { useLatest } from '@/components/ui/use-latest';
import { timeTag, useClock } from '@/components/ui/relative-time';
import { countsNow, loadOlder } from './actions';
import { Composer } from './composer';
import { MessageVideo } from './message-video';
import { useConversationPoll, type PollAnswer } from './use-conversation-poll';

const ReportDialog = dynamic(() => import('@/components/social/report-dialog'));

export type ConversationProps = {
  id: number;
  viewerId: number;
  /** More than two people: others' names above their messages. */
  group: boolean;
  messages: Message[];
  /** Cursor for older messages (null: none). */
  older: number | null;
  /** The poll's cursor: the newest message shown. */
  newest: number | null;
  /** An older window (the "Load older" link without script): it links on to the newest and does not poll. */
  newestHref?: string;
  /** "Load older" as a link, for a page without script. */
  olderHref: string | null;
  /** '' when the reader may write; otherwise why not. */
  closedBecause: string;
  /** Where a form posted without script comes back to. */
  back: string;
  /** The composer's label ("Write to Alice Martin"). */
  writeTo: string;
  /** The header counted unread conversations when the page was made: opening this one changes that. */
  recount: boolean;
};

/** A message from another person, in words for the announcer ("Alice Martin: Is it still for sale?"). */
const said = (m: Message) => {
  const text = new DOMParser().parseFromString(m.html, 'text/html').body.textContent ?? '';
  return `${m.from.name}: ${text.length > 140 ? `${text.slice(0, 139)}…` : text}`;
};

/**
 * The messages of a conversation as bubbles (the reader's on the right), "Load older", the
 * composer, and the live part: new messages arrive by a poll (use-conversation-poll.ts) and are
 * merged by id with what the page, a send or "Load older" brought. The scroller is laid out from
 * its end (column-reverse): the newest is in view without script, new messages keep it there,
 * and older ones come in above without moving what is read.
 */
export function Conversation(props: ConversationProps) {
  const { id, viewerId, group, closedBecause, back, writeTo, newestHref, olderHref } = props;
  const [messages, setMessages] = useState<readonly Message[]>(props.messages);
  const [older, setOlder] = useState(props.older);
  const [olderProblem, setOlderProblem] = useState('');
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [gone, setGone] = useState(false);
  const [reporting, setReporting] = useState<number | null>(null);
  const cursor = useRef(props.newest);
  const shown = useLatest(messages);
  const announce = useAnnounce();
  const router = useRouter();
  const clock = useClock();

  // The page read again (a navigation to the same conversation, router.refresh): what it brings joins what is shown.
  const [given, setGiven] = useState(props.messages);
  if (given !== props.messages) {
    setGiven(props.messages);
    setMessages((list) => mergeMessages(list, props.messages));
  }
  useEffect(() => {
    if (props.newest !== null && (cursor.current === null || props.newest > cursor.current)) cursor.current = props.newest;
  }, [props.newest]);

  const recounted = useRef(0);
  const recount = useCallback(() => {
    // At most every 10 s: opening the conversation, then messages that came while it is open.
    if (Date.now() - recounted.current < 10_000) return;
    recounted.current = Date.now();
    void callAction(countsNow).then((res) => {
      if (res.ok) shareCounts(res.data);
    });
  }, []);
  useEffect(() => {
    if (props.recount) recount();
  }, [props.recount, recount]);

  const advance = (newest: number | null) => {
    if (newest !== null && (cursor.current === null || newest > cursor.current)) cursor.current = newest;
  };

  useConversationPoll(
    id,
    !newestHref && !gone,
    () => cursor.current,
    (answer: PollAnswer) => {
      advance(answer.newest);
      if (!answer.messages.length) return;
      const have = new Set(shown.current.map((m) => m.id));
      const theirs = answer.messages.filter((m) => !have.has(m.id) && m.from.id !== viewerId);
      setMessages((list) => mergeMessages(list, answer.messages));
      if (theirs.length) {
        announce(theirs.map(said).join(' '));
        recount();
      }
    },
    () => setGone(true),
  );

  const showOlder = async (e: MouseEvent<HTMLAnchorElement>) => {
    if (older === null || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    setLoadingOlder(true);
    setOlderProblem('');
    const res = await callAction(() => loadOlder({ conversationId: id, before: older }));
    setLoadingOlder(false);
    if (!res.ok) {
      setOlderProblem(res.message);
      return;
    }
    setMessages((list) => mergeMessages(list, res.data.messages));
    setOlder(res.data.older);
  };

  return (
    <>
      <div
        role="region"
        aria-label="Messages"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroller must be reachable by keyboard for its arrow keys to scroll it (WCAG 2.1.1; axe's scrollable-region-focusable)
        tabIndex={0}
        className="flex min-h-48 flex-1 flex-col-reverse overflow-y-auto overscroll-contain rounded-xl py-3"
      >
        <div>
          <p className="mb-3 text-center text-sm">
            {older !== null ? (
              <a href={olderHref ?? '#'} onClick={showOlder} className="link" aria-disabled={loadingOlder || undefined}>
                {loadingOlder ? 'Loading older messages…' : 'Load older messages'}
              </a>
            ) : (
              <span className="muted">The beginning of the conversation.</span>
            )}
          </p>
          {olderProblem ? (
            <p role="alert" className="error-text mb-3 text-center">
              {olderProblem}
            </p>
          ) : null}
          <ol className="space-y-3 px-1" data-testid="messages">
            {messages.map((m) => {
              const mine = m.from.id === viewerId;
              return (
                <li key={m.id} id={`message-${m.id}`} className={mine ? 'msg mine' : 'msg'} data-testid="message">
                  {group && !mine ? <p>{m.from.name}</p> : null}
                  {/* Sanitized on the server (lib/social-api/sanitize.ts): the API's escaped text with its links. */}
                  <div dangerouslySetInnerHTML={{ __html: m.html }} />
                  {m.attachment ? <MessageAttachmentView attachment={m.attachment} mine={mine} /> : null}
                  <p>
                    {mine ? 'You' : group ? '' : m.from.name}
                    {mine || !group ? ' · ' : ''}
                    {timeTag(clock, { ms: m.at })}
                    {mine ? null : (
                      <button type="button" onClick={() => setReporting(m.id)} aria-label={`Report this message from ${m.from.name}`}>
                        Report
                      </button>
                    )}
                  </p>
                </li>
              );
            })}
          </ol>
          {newestHref ? (
            <p className="mt-3 text-center text-sm">
              <a href={newestHref} className="link">
                Newer messages
              </a>
            </p>
          ) : null}
        </div>
      </div>
      {gone ? (
        <p role="status" className="muted border-t border-slate-200 pt-3 dark:border-slate-800">
          This conversation is no longer in your messages (it was deleted).
        </p>
      ) : closedBecause ? (
        <p role="status" className="border-t border-slate-200 pt-3 text-sm dark:border-slate-800">
          {closedBecause}
        </p>
      ) : (
        <Composer
          conversationId={id}
          draftKey={`message:${viewerId}:${id}`}
          back={back}
          label={writeTo}
          since={() => cursor.current}
          onSent={(newer) => {
            advance(newer.newest);
            setMessages((list) => mergeMessages(list, newer.messages));
            if (newestHref) router.push(back);
          }}
        />
      )}
      {reporting !== null ? (
        <ReportDialog
          item={{ type: 'message', id: reporting }}
          what="this message"
          onClose={() => setReporting(null)}
          onReported={(message) => {
            setReporting(null);
            announce(message);
          }}
        />
      ) : null}
    </>
  );
}

function MessageAttachmentView({ attachment: a, mine }: { attachment: NonNullable<Message['attachment']>; mine: boolean }) {
  // A read of the page that brings it in another state starts its card afresh.
  if (a.kind === 'video') return <MessageVideo key={`${a.video.id}:${a.video.status}`} video={a.video} mine={mine} />;
  if (a.kind === 'photo') {
    return (
      <a href={a.full} target="_blank" rel="noopener noreferrer" className="block">
        <img
          src={a.src}
          alt={a.alt}
          width={a.size?.width}
          height={a.size?.height}
          className="max-h-64 w-auto max-w-full rounded-xl object-contain"
          loading="lazy"
        />
      </a>
    );
  }
  return (
    <a href={a.url} target="_blank" rel="nofollow noopener noreferrer" className="card block max-w-xs p-3 text-sm">
      <span className="font-semibold">{a.title}</span>
      {a.description ? <span className="muted mt-1 block">{a.description}</span> : null}
    </a>
  );
}
