'use client';

import { useRouter } from 'next/navigation';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { Suggestion } from '@/lib/search/suggest';
import { ComboboxOptions, comboboxOptionId } from '@/components/ui/combobox-options';

// The header's search field on every page: a GET form to /search (it works without JavaScript)
// that, while a person types, suggests a few members and items — the WAI-ARIA combobox pattern
// with a list box (arrow keys move, Enter opens the highlighted one, Escape closes). Written by
// hand: the pattern is some eighty lines here, where a combobox library would add more to every
// page's JavaScript than the whole field.

/** How long typing must pause before the field asks for suggestions. */
const DEBOUNCE_MS = 200;

export type SearchBoxProps = { initial?: string };

export function SearchBox({ initial = '' }: SearchBoxProps) {
  const router = useRouter();
  const listId = useId();
  const [value, setValue] = useState(initial);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inFlight = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      inFlight.current?.abort();
    },
    [],
  );

  function close() {
    setOpen(false);
    setActive(-1);
  }

  // At most one request in flight: a newer one aborts the older, so a stale answer never shows.
  function ask(words: string) {
    clearTimeout(timer.current);
    inFlight.current?.abort();
    if (!words.trim()) {
      setSuggestions([]);
      close();
      return;
    }
    timer.current = setTimeout(async () => {
      const controller = new AbortController();
      inFlight.current = controller;
      try {
        const res = await fetch(`/api/search/suggest?q=${encodeURIComponent(words)}`, { signal: controller.signal });
        if (!res.ok) throw new Error(String(res.status));
        const found = ((await res.json()) as { suggestions: Suggestion[] }).suggestions;
        setSuggestions(found);
        setActive(-1);
        setOpen(found.length > 0);
        setStatus(
          found.length ? `${found.length} suggestion${found.length === 1 ? '' : 's'}. Use the arrow keys to choose.` : 'No suggestions.',
        );
      } catch {
        // Aborted, or the site did not answer: the form still searches on Enter.
        if (!controller.signal.aborted) close();
      }
    }, DEBOUNCE_MS);
  }

  function go(s: Suggestion) {
    close();
    router.push(s.href);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!suggestions.length) return;
      e.preventDefault();
      setOpen(true);
      const n = suggestions.length;
      const down = e.key === 'ArrowDown';
      setActive((i) => (down ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
    } else if (e.key === 'Enter' && open && active >= 0 && suggestions[active]) {
      e.preventDefault();
      go(suggestions[active]);
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        close();
      } else if (value) {
        e.preventDefault();
        setValue('');
        setSuggestions([]);
      }
    }
  }

  const optionId = (i: number) => comboboxOptionId(listId, i);
  return (
    <form role="search" action="/search" method="get" className="relative w-full max-w-md" onSubmit={close}>
      <label htmlFor={`${listId}-input`} className="sr-only">
        Search the site
      </label>
      <input
        id={`${listId}-input`}
        name="q"
        type="search"
        value={value}
        maxLength={100}
        placeholder="Search people, posts, photos, listings…"
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        data-kb-key="/"
        onChange={(e) => {
          setValue(e.target.value);
          ask(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
        onFocus={() => suggestions.length > 0 && value.trim() && setOpen(true)}
        className="w-full rounded-full border border-slate-300 bg-white px-4 py-1.5 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
      />
      <ComboboxOptions
        id={listId}
        label="Suggestions"
        open={open}
        options={suggestions}
        keyOf={(s) => s.key}
        active={active}
        onPick={go}
        className="absolute inset-x-0 top-full z-40 mt-1 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        optionClassName={(on) =>
          `flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${on ? 'bg-indigo-50 dark:bg-indigo-950/60' : 'hover:bg-slate-50 dark:hover:bg-slate-800'}`
        }
      >
        {(s) => (
          <>
            {s.image ? (
              <img src={s.image} alt="" width={32} height={32} className="size-8 shrink-0 rounded-md object-cover" />
            ) : (
              <span aria-hidden="true" className="size-8 shrink-0 rounded-md bg-slate-100 dark:bg-slate-800" />
            )}
            <span className="min-w-0">
              <span className="block truncate font-medium text-slate-900 dark:text-slate-100">{s.title}</span>
              <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
                {s.kind}
                {s.by ? ` · ${s.by}` : ''}
              </span>
            </span>
          </>
        )}
      </ComboboxOptions>
      <p role="status" className="sr-only">
        {status}
      </p>
    </form>
  );
}
