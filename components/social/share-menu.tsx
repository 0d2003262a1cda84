'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useAnnounce } from '@/components/ui/announcer';
import { useBrowserValue } from '@/components/ui/use-in-browser';

export type ShareMenuProps = {
  /** The item's page, a path on this site ('' when the item has no page of its own yet). */
  path: string;
  /** The item in words, for the system share sheet's title. */
  title: string;
  /** "Share to your feed" opens the share dialog; absent when the reader may not (a visitor, or an item not everyone may see). */
  onShareToFeed?: () => void;
};

const hasShareSheet = () => typeof navigator.share === 'function';
const noShareSheet = () => false;

/**
 * "Share": copy the item's link (with a "Copied" confirmation), share it to one's feed (the
 * social layer's share), and the system share sheet where the browser has one. A disclosure
 * (a button and the list it shows), not an ARIA menu: Tab moves through it, Escape closes it.
 */
export function ShareMenu({ path, title, onShareToFeed }: ShareMenuProps) {
  const announce = useAnnounce();
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState<'' | 'copied' | 'failed'>('');
  // navigator.share exists only in the browser: not on the server, nor while hydrating.
  const canShareSheet = useBrowserValue(hasShareSheet, noShareSheet);

  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  if (!path && !onShareToFeed) return null;
  // The full address is needed once the menu is open (a feed renders a closed menu per post).
  const url = open && path ? new URL(path, window.location.origin).href : '';

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('copied');
      announce('Link copied.');
    } catch {
      setCopied('failed');
    }
  };

  const sheet = async () => {
    try {
      await navigator.share({ title, url });
      close();
    } catch {
      // Dismissed by the person, or refused by the browser: nothing to say.
    }
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- catches Escape bubbling from the menu's buttons; the div takes no focus
    <div
      ref={root}
      className="relative"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="btn-ghost with-icon icon-repost"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        onClick={() => {
          setCopied('');
          setOpen((o) => !o);
        }}
      >
        Share
      </button>
      {open ? (
        <ul id={`${id}-list`} className="card absolute left-0 z-20 mt-1 w-60 space-y-1 p-2 shadow-lg">
          {url ? (
            <li>
              <button type="button" className="btn-ghost w-full justify-start text-left" onClick={copy}>
                {copied === 'copied' ? 'Copied' : 'Copy link'}
              </button>
            </li>
          ) : null}
          {onShareToFeed ? (
            <li>
              <button
                type="button"
                className="btn-ghost w-full justify-start text-left"
                onClick={() => {
                  setOpen(false);
                  onShareToFeed();
                }}
              >
                Share to your feed
              </button>
            </li>
          ) : null}
          {url && canShareSheet ? (
            <li>
              <button type="button" className="btn-ghost w-full justify-start text-left" onClick={sheet}>
                More ways to share…
              </button>
            </li>
          ) : null}
          {copied ? (
            <li role="status" className="muted px-3 py-1 text-sm break-all">
              {copied === 'copied' ? 'The link is copied.' : <>Could not copy. The link: {url}</>}
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
