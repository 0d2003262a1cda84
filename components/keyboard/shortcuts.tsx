'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { buttonStyles } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { typingIn } from '@/components/ui/typing-in';
import { routes } from '@/lib/routes';

// Single-key shortcuts for desktop browsing, as Mastodon and its web clients have them: `?` this
// help, `/` the search field, `g` then a letter a section, `j`/`k` the next and previous item of a
// list, `o` or Enter to open it, `l` to like it, `c` the composer. Never inside a text field,
// never with Ctrl, Alt or Meta (the browser's and screen readers' own), arrows left alone; all of
// them can be turned off here, once, and the choice is kept in the browser (WCAG 2.1.4).
// A page offers them by marking its parts: `data-kb-item` on each item of a list, `data-kb-like`
// on an item's like button, `data-kb-open` on the link that opens it (else its heading's link),
// `data-kb-key="c"` on the composer and `data-kb-key="/"` on the search field.

const STORAGE_KEY = 'social:single-key-shortcuts';
const CHANGED = 'social:single-key-shortcuts-changed';

function readEnabled(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

function subscribe(listener: () => void) {
  window.addEventListener(CHANGED, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(CHANGED, listener);
    window.removeEventListener('storage', listener);
  };
}

function setEnabled(on: boolean) {
  try {
    if (on) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, 'off');
  } catch {
    // A browser that keeps nothing: the choice lasts for this page.
  }
  window.dispatchEvent(new Event(CHANGED));
}

/** `g` then one of these letters goes to the section. */
function sections(signedIn: boolean): Array<{ key: string; label: string; href: string }> {
  return [
    { key: 'f', label: 'Feed', href: routes.home },
    { key: 'a', label: 'Albums', href: routes.albums() },
    { key: 'b', label: 'Blogs', href: routes.blogs() },
    { key: 'l', label: 'Listings', href: routes.listings() },
    { key: 'e', label: 'Events', href: routes.events() },
    ...(signedIn
      ? [
          { key: 'n', label: 'Notifications', href: routes.notifications },
          { key: 'd', label: 'Dashboard', href: routes.dashboard },
        ]
      : []),
  ];
}

/** How long after `g` its letter may come. */
const SEQUENCE_MS = 1500;

const listItems = () => Array.from(document.querySelectorAll<HTMLElement>('main [data-kb-item]'));
const currentItem = () => listItems().find((el) => el.contains(document.activeElement)) ?? null;

/** Moves to the next (1) or previous (-1) item of the page's list: to the top of the viewport, focused. */
function moveItem(step: 1 | -1) {
  const items = listItems();
  if (!items.length) return false;
  const at = items.findIndex((el) => el.contains(document.activeElement));
  const next = items[at < 0 ? (step > 0 ? 0 : items.length - 1) : Math.min(Math.max(at + step, 0), items.length - 1)]!;
  if (!next.hasAttribute('tabindex')) next.tabIndex = -1;
  next.focus({ preventScroll: true });
  const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  next.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
  return true;
}

function openItem(item: HTMLElement) {
  const link = item.querySelector<HTMLElement>('[data-kb-open]') ?? item.querySelector<HTMLElement>('h2 a[href], h3 a[href]');
  link?.click();
  return Boolean(link);
}

export type ShortcutsProps = { signedIn: boolean; helpOpen: boolean; onHelpOpen: (open: boolean) => void };

export default function Shortcuts({ signedIn, helpOpen, onHelpOpen }: ShortcutsProps) {
  const router = useRouter();
  const enabled = useSyncExternalStore(subscribe, readEnabled, () => true);
  const pendingG = useRef(0);

  // Controls with a shortcut say so while the shortcuts are on (aria-keyshortcuts and their tooltip).
  useEffect(() => {
    const marked = document.querySelectorAll<HTMLElement>('[data-kb-key]');
    for (const el of marked) {
      if (enabled) {
        el.setAttribute('aria-keyshortcuts', el.dataset.kbKey!);
        el.title = `Shortcut: ${el.dataset.kbKey}`;
      } else {
        el.removeAttribute('aria-keyshortcuts');
        el.removeAttribute('title');
      }
    }
  }, [enabled]);

  useEffect(() => {
    function onKeyDown(e: KeyboardEvent) {
      if (!enabled || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
      if (typingIn(e.target) || document.querySelector('dialog[open]')) return;
      const key = e.key;
      const done = () => e.preventDefault();
      if (Date.now() - pendingG.current < SEQUENCE_MS) {
        pendingG.current = 0;
        const section = sections(signedIn).find((s) => s.key === key);
        if (section) {
          done();
          router.push(section.href);
        }
        return;
      }
      switch (key) {
        case '?':
          done();
          onHelpOpen(true);
          return;
        case '/': {
          const field = document.querySelector<HTMLElement>('[data-kb-key="/"]');
          if (field) {
            done();
            field.focus();
          }
          return;
        }
        case 'g':
          pendingG.current = Date.now();
          return;
        case 'j':
        case 'k':
          if (moveItem(key === 'j' ? 1 : -1)) done();
          return;
        case 'o':
        case 'Enter': {
          const item = currentItem();
          // Enter on a link or a button inside the item is theirs.
          if (item && (key === 'o' || document.activeElement === item) && openItem(item)) done();
          return;
        }
        case 'l': {
          const like = currentItem()?.querySelector<HTMLElement>('[data-kb-like]');
          if (like) {
            done();
            like.click();
          }
          return;
        }
        case 'c': {
          const composer = document.querySelector<HTMLElement>('[data-kb-key="c"]');
          if (composer) {
            done();
            composer.focus();
          }
          return;
        }
      }
    }
    document.addEventListener('keydown', onKeyDown);
    // Says on the page that the shortcuts listen now (they load after the page), and whether they are on.
    document.documentElement.dataset.shortcuts = enabled ? 'on' : 'off';
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled, signedIn, router, onHelpOpen]);

  if (!helpOpen) return null;
  const here = {
    items: listItems().length > 0,
    like: document.querySelector('main [data-kb-like]') !== null,
    composer: document.querySelector('[data-kb-key="c"]') !== null,
    search: document.querySelector('[data-kb-key="/"]') !== null,
  };
  const rows: Array<[string, string]> = [
    ['?', 'Show these shortcuts'],
    ...(here.search ? ([['/', 'Search the site']] as Array<[string, string]>) : []),
    ...sections(signedIn).map((s): [string, string] => [`g ${s.key}`, `Go to ${s.label}`]),
    ...(here.items
      ? ([
          ['j', 'Next item'],
          ['k', 'Previous item'],
          ['o  Enter', 'Open the item'],
        ] as Array<[string, string]>)
      : []),
    ...(here.like ? ([['l', 'Like the item']] as Array<[string, string]>) : []),
    ...(here.composer ? ([['c', 'Write a post']] as Array<[string, string]>) : []),
  ];
  return (
    <Dialog open onClose={() => onHelpOpen(false)} title="Keyboard shortcuts" description="The shortcuts that work on this page.">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        Use single-key shortcuts
      </label>
      <table className={`mt-4 w-full text-sm ${enabled ? '' : 'opacity-60'}`}>
        <caption className="sr-only">Shortcuts</caption>
        <tbody>
          {rows.map(([keys, what]) => (
            <tr key={keys} className="border-t border-slate-200 dark:border-slate-800">
              <th scope="row" className="py-1.5 pr-4 text-left font-normal whitespace-nowrap">
                {keys.split(/\s+/).map((k, i) => (
                  <kbd key={i} className="mr-1 rounded border border-slate-300 px-1.5 py-0.5 font-mono text-xs dark:border-slate-600">
                    {k}
                  </kbd>
                ))}
              </th>
              <td className="py-1.5">{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-4 flex justify-end">
        <button type="button" className={buttonStyles.secondary} onClick={() => onHelpOpen(false)}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
