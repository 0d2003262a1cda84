'use client';

import { useId, useState } from 'react';

/**
 * A visible "ALT" on a picture that has a description: pressing it (mouse, Enter or Space)
 * shows the description to everyone, not only to screen readers; pressing it again or Escape
 * hides it. A disclosure, not a tooltip: it stays open to be read and works without hover.
 */
export function AltBadge({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="absolute bottom-2 left-2 max-w-[calc(100%-1rem)]">
      {open ? (
        <p id={id} className="mb-1 max-h-40 overflow-auto rounded-lg bg-slate-950/90 px-3 py-2 text-sm whitespace-pre-line text-white">
          {text}
        </p>
      ) : null}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        // The visible ALT starts the name (what a voice-control user says), then what it does.
        aria-label={open ? 'ALT: hide the photo’s description' : 'ALT: show the photo’s description'}
        onClick={(e) => {
          // Over a link to the photo: the badge is not the way into the photo.
          e.preventDefault();
          e.stopPropagation();
          setOpen((o) => !o);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.stopPropagation();
            setOpen(false);
          }
        }}
        className="rounded bg-slate-950/85 px-1.5 py-0.5 text-xs font-bold tracking-wide text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        ALT
      </button>
    </div>
  );
}
