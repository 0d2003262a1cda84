'use client';

import { Link } from '@/components/ui/link';
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useFormStatus } from 'react-dom';
import { Avatar } from '@/components/ui/avatar';
import { signOut } from './actions';

export type UserMenuProps = {
  id: number;
  name: string;
  /** Picture URL (http/https), or '' for initials. */
  image: string;
};

function SignOutButton() {
  const { pending } = useFormStatus();
  return (
    <button type="submit" disabled={pending} aria-busy={pending} className={itemClass}>
      {pending ? 'Signing out…' : 'Sign out'}
    </button>
  );
}

const itemClass =
  'block w-full rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-60 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800';

/**
 * The signed-in person in the header: a disclosure button (WAI-ARIA disclosure pattern) that
 * shows links to their profile and the sign-out form. Escape or leaving it closes it.
 */
export function UserMenu({ id, name, image }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // A click anywhere else closes the menu.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    }
  }

  // Tabbing out of the menu closes it, so it never stays open behind the focus.
  function onBlur(event: FocusEvent) {
    if (open && !root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  }

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- catches Escape bubbling from the menu's button and links; the div takes no focus
    <div ref={root} className="relative" onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-slate-100 dark:hover:bg-slate-800"
      >
        <Avatar person={{ name, image }} size="sm" />
        <span className="max-w-40 truncate">{name}</span>
        <span className="sr-only"> account menu</span>
        <svg
          viewBox="0 0 20 20"
          fill="currentColor"
          aria-hidden="true"
          focusable="false"
          className={`size-4 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`}
        >
          <path
            fillRule="evenodd"
            d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
            clipRule="evenodd"
          />
        </svg>
      </button>
      {/* Rendered when opened: every page's header carries the button only. */}
      {open ? (
        <div
          id={panelId}
          className="absolute right-0 z-40 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <ul className="space-y-0.5">
            <li>
              <Link href={`/users/${id}`} className={itemClass} onClick={() => setOpen(false)}>
                Profile
              </Link>
            </li>
            <li>
              <form action={signOut}>
                <SignOutButton />
              </form>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
