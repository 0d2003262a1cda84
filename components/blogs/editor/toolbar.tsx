'use client';

import { useEditorState, type Editor } from '@tiptap/react';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

// The editor's formatting toolbar (the WAI-ARIA toolbar pattern): one stop in the Tab order,
// arrow keys, Home and End move between its buttons; each button says what it does and, when it
// is a state of the text where the caret is (bold, a heading…), whether it is on (aria-pressed).

type Tool = {
  label: string;
  /** Its keyboard shortcut, for the tooltip. */
  keys: string;
  run: (e: Editor) => void;
  active?: (e: Editor) => boolean;
  /** Rendered look of the button's word. */
  look?: string;
};

const TOOLS: Array<Tool | 'gap' | 'link'> = [
  { label: 'Heading', keys: 'Ctrl+Alt+2', run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(), active: (e) => e.isActive('heading', { level: 2 }), look: 'font-bold' },
  { label: 'Subheading', keys: 'Ctrl+Alt+3', run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(), active: (e) => e.isActive('heading', { level: 3 }), look: 'font-semibold' },
  'gap',
  { label: 'Bold', keys: 'Ctrl+B', run: (e) => e.chain().focus().toggleBold().run(), active: (e) => e.isActive('bold'), look: 'font-bold' },
  { label: 'Italic', keys: 'Ctrl+I', run: (e) => e.chain().focus().toggleItalic().run(), active: (e) => e.isActive('italic'), look: 'italic' },
  'link',
  'gap',
  { label: 'Bulleted list', keys: 'Ctrl+Shift+8', run: (e) => e.chain().focus().toggleBulletList().run(), active: (e) => e.isActive('bulletList') },
  { label: 'Numbered list', keys: 'Ctrl+Shift+7', run: (e) => e.chain().focus().toggleOrderedList().run(), active: (e) => e.isActive('orderedList') },
  { label: 'Quote', keys: 'Ctrl+Shift+B', run: (e) => e.chain().focus().toggleBlockquote().run(), active: (e) => e.isActive('blockquote') },
  'gap',
  { label: 'Undo', keys: 'Ctrl+Z', run: (e) => e.chain().focus().undo().run() },
  { label: 'Redo', keys: 'Ctrl+Shift+Z', run: (e) => e.chain().focus().redo().run() },
];

export type ToolbarProps = {
  editor: Editor | null;
  /** Opens the link form. */
  onLink: () => void;
  linking: boolean;
  disabled?: boolean;
};

export function Toolbar({ editor, onLink, linking, disabled }: ToolbarProps) {
  const tools = TOOLS.filter((t): t is Tool => typeof t !== 'string');
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      active: e ? tools.map((t) => t.active?.(e) ?? false) : tools.map(() => false),
      link: e?.isActive('link') ?? false,
    }),
  });
  const [focusIndex, setFocusIndex] = useState(0);
  const bar = useRef<HTMLDivElement>(null);
  const off = disabled || !editor;

  const buttons = () => [...(bar.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const all = buttons();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const to = e.key === 'ArrowRight' ? (at + 1) % all.length : e.key === 'ArrowLeft' ? (at - 1 + all.length) % all.length : e.key === 'Home' ? 0 : e.key === 'End' ? all.length - 1 : -1;
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
