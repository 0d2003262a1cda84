'use client';

import { useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import type { RichText } from './prose';

// The editor's formatting toolbar (the WAI-ARIA toolbar pattern): one stop in the Tab order,
// arrow keys, Home and End move between its buttons; each button says what it does and, when it
// is a state of the text where the caret is (bold, a heading…), whether it is on (aria-pressed).

const noSubscribe = () => () => {};

/** The editor's state, followed: a component using it renders again on every change. */
export function useEditorState(editor: RichText | null) {
  return useSyncExternalStore(
    editor?.subscribe ?? noSubscribe,
    () => editor?.state ?? null,
    () => null,
  );
}

type Tool = {
  label: string;
  /** Its keyboard shortcut, for the tooltip. */
  keys: string;
  run: (e: RichText) => void;
  active?: (e: RichText) => boolean;
  /** Rendered look of the button's word. */
  look?: string;
};

const TOOLS: Array<Tool | 'gap' | 'link'> = [
  {
    label: 'Heading',
    keys: 'Ctrl+Alt+2',
    run: (e) => e.toggleHeading(2),
    active: (e) => e.isActive('heading', { level: 2 }),
    look: 'font-bold',
  },
  {
    label: 'Subheading',
    keys: 'Ctrl+Alt+3',
    run: (e) => e.toggleHeading(3),
    active: (e) => e.isActive('heading', { level: 3 }),
    look: 'font-semibold',
  },
  'gap',
  { label: 'Bold', keys: 'Ctrl+B', run: (e) => e.toggleMark('bold'), active: (e) => e.isActive('bold'), look: 'font-bold' },
  { label: 'Italic', keys: 'Ctrl+I', run: (e) => e.toggleMark('italic'), active: (e) => e.isActive('italic'), look: 'italic' },
  'link',
  'gap',
  { label: 'Bulleted list', keys: 'Ctrl+Shift+8', run: (e) => e.toggleList('bullet_list'), active: (e) => e.isActive('bullet_list') },
  { label: 'Numbered list', keys: 'Ctrl+Shift+7', run: (e) => e.toggleList('ordered_list'), active: (e) => e.isActive('ordered_list') },
  { label: 'Quote', keys: 'Ctrl+Shift+B', run: (e) => e.toggleBlockquote(), active: (e) => e.isActive('blockquote') },
  'gap',
  { label: 'Undo', keys: 'Ctrl+Z', run: (e) => e.undo() },
  { label: 'Redo', keys: 'Ctrl+Shift+Z', run: (e) => e.redo() },
];

export type ToolbarProps = {
  editor: RichText | null;
  /** Opens the link form. */
  onLink: () => void;
  linking: boolean;
  disabled?: boolean;
};

export function Toolbar({ editor, onLink, linking, disabled }: ToolbarProps) {
  const tools = TOOLS.filter((t): t is Tool => typeof t !== 'string');
  // Read again on every change of the editor's state (the caret moved, the text changed).
  const current = useEditorState(editor);
  const state = editor && current ? { active: tools.map((t) => t.active?.(editor) ?? false), link: editor.isActive('link') } : null;
  const [focusIndex, setFocusIndex] = useState(0);
  const bar = useRef<HTMLDivElement>(null);
  const off = disabled || !editor;

  const buttons = () => [...(bar.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const all = buttons();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const to =
      e.key === 'ArrowRight'
        ? (at + 1) % all.length
        : e.key === 'ArrowLeft'
          ? (at - 1 + all.length) % all.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? all.length - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    setFocusIndex(to);
    all[to]!.focus();
  };

  let index = -1;
  const button = (label: string, keys: string, pressed: boolean | undefined, onClick: () => void, look = ''): ReactNode => {
    index += 1;
    const mine = index;
    return (
      <button
        key={label}
        type="button"
        tabIndex={mine === focusIndex ? 0 : -1}
        aria-pressed={pressed}
        aria-keyshortcuts={keys.replace('Ctrl', 'Control')}
        title={`${label} (${keys})`}
        disabled={off}
        onFocus={() => setFocusIndex(mine)}
        // The editor keeps its selection: the button does not take the focus from it on a click.
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
        className={`rounded-md px-1.5 py-1 text-sm text-slate-700 hover:bg-slate-100 disabled:opacity-60 aria-pressed:bg-indigo-100 aria-pressed:text-indigo-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:aria-pressed:bg-indigo-900/60 dark:aria-pressed:text-indigo-100 ${look}`}
      >
        {label}
      </button>
    );
  };

  let toolIndex = -1;
  return (
    <div
      ref={bar}
      role="toolbar"
      aria-label="Formatting"
      onKeyDown={onKeyDown}
      className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 px-2 py-1.5 dark:border-slate-700"
    >
      {TOOLS.map((t, i) => {
        if (t === 'gap') return <span key={i} aria-hidden="true" className="mx-0.5 h-5 w-px bg-slate-200 dark:bg-slate-700" />;
        // Pressed while the caret is in a link, or while the link form is open.
        if (t === 'link') return button('Link', 'Ctrl+K', linking || (state?.link ?? false), onLink);
        toolIndex += 1;
        const ti = toolIndex;
        return button(t.label, t.keys, t.active ? (state?.active[ti] ?? false) : undefined, () => editor && t.run(editor), t.look);
      })}
    </div>
  );
}
