'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { callAction } from '@/lib/action-result';
import { buttonStyles } from '@/components/ui/button';
import { previewLink, type LinkCardData } from './link-card-actions';

export type { LinkCardData };

/** The first http(s) address in a text, without the punctuation that usually ends a sentence. */
function findUrl(text: string): string | undefined {
  const match = text.match(/\bhttps?:\/\/[^\s<>"'`]+/i)?.[0];
  if (!match) return undefined;
  const url = match.replace(/[.,;:!?)\]}'"]+$/, '');
  try {
    const parsed = new URL(url);
    return parsed.hostname.includes('.') || parsed.hostname === 'localhost' || /^\[|^\d/.test(parsed.hostname) ? url : undefined;
  } catch {
    return undefined;
  }
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

type Lookup = { status: 'idle' } | { status: 'loading'; url: string } | { status: 'failed'; url: string; message: string };

/**
 * Watches the composer's text for an address and fetches its preview (a server action asking
 * GET /core/link_preview): after a pause in typing, at once after a paste. A newer address (or
 * the composer no longer wanting a card) cancels the lookup: its answer is dropped. A card the
 * person removed is not offered again for that address until it is pasted again.
 */
export function useLinkCard({
  text,
  active,
  onCard,
}: {
  text: string;
  active: boolean;
  onCard: (card: LinkCardData, typed: string) => void;
}) {
  const [lookup, setLookup] = useState<Lookup>({ status: 'idle' });
  const [pastes, setPastes] = useState(0);
  const dismissed = useRef(new Set<string>());
  const immediate = useRef(false);
  const onCardRef = useRef(onCard);
  useEffect(() => {
    onCardRef.current = onCard;
  });
  const url = findUrl(text);

  useEffect(() => {
    if (!active || !url || dismissed.current.has(url)) {
      setLookup({ status: 'idle' });
      return;
    }
    let cancelled = false;
    const delay = immediate.current ? 0 : 700;
    immediate.current = false;
    const timer = setTimeout(async () => {
      setLookup({ status: 'loading', url });
      const res = await callAction(() => previewLink({ url }));
      if (cancelled) return;
      if (res.ok) {
        setLookup({ status: 'idle' });
        onCardRef.current(res.data, url);
      } else {
        setLookup({ status: 'failed', url, message: res.message });
      }
    }, delay);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [url, active, pastes]);

  /** For the text box's paste event: a pasted address is looked up at once, even one removed before. */
  const pasted = useCallback((clip: string) => {
    const found = findUrl(clip);
    if (!found) return;
    dismissed.current.delete(found);
    immediate.current = true;
    setPastes((n) => n + 1);
  }, []);

  /** The person removed the card of this (typed) address. */
  const dismiss = useCallback((typed: string) => {
    if (typed) dismissed.current.add(typed);
  }, []);

  const reset = useCallback(() => dismissed.current.clear(), []);

  return { lookup, pasted, dismiss, reset };
}

export type LinkCardProps = {
  card: Pick<LinkCardData, 'url' | 'title' | 'description' | 'thumbSrc'>;
  onRemove: () => void;
};

/** The link card in the composer, before posting: what the post's card in the feed will show. */
export function LinkCard({ card, onRemove }: LinkCardProps) {
  const title = card.title || hostOf(card.url);
  return (
    <div
      role="group"
      aria-label={`Link preview: ${title}`}
      className="attachment mt-4 items-stretch hover:bg-transparent dark:hover:bg-transparent"
    >
      {card.thumbSrc ? <img src={card.thumbSrc} alt="" className="attachment-thumb" /> : null}
      <span className="attachment-text flex-1">
        <span className="truncate font-medium">{title}</span>
        {card.description ? <span className="muted line-clamp-2">{card.description}</span> : null}
        <span className="truncate text-xs text-slate-600 dark:text-slate-400">{hostOf(card.url)}</span>
      </span>
      <button
        type="button"
        className={`${buttonStyles.ghost} m-2 self-start`}
        onClick={onRemove}
        aria-label={`Remove link preview: ${title}`}
      >
        Remove
      </button>
    </div>
  );
}

/** While a preview is fetched, or when there is none: a short line the screen reader hears too. */
export function LinkLookupStatus({ lookup }: { lookup: ReturnType<typeof useLinkCard>['lookup'] }) {
  return (
    <p role="status" className="muted mt-2 text-sm empty:hidden">
      {lookup.status === 'loading' ? `Getting a preview of ${hostOf(lookup.url)}…` : lookup.status === 'failed' ? lookup.message : ''}
    </p>
  );
}
