'use client';

import { EditorContent, Extension, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { LinkForm } from './link-form';
import { Toolbar } from './toolbar';

// The body of a blog post, written in a rich-text editor (Tiptap on ProseMirror) limited to what
// the API keeps of a body (api-server/src/domain/rich-text.ts): paragraphs, headings (h2, h3),
// bold, italic, links, bulleted and numbered lists, quotes. What it writes is HTML the API keeps
// as it is, and what the API sends back opens as it was written: editing a post shows exactly
// what was saved. A post written elsewhere keeps the other simple formatting the API allows
// (code, strikethrough, underline, a rule, an h4): the editor reads and writes it back, though
// its toolbar does not offer it. Its code is loaded by the editor pages only, after their first
// load (components/blogs/editor/blog-editor.tsx).

/** Links go to the web or to an e-mail address, as the API allows. */
const LINK_SCHEMES = /^(https?:|mailto:)/i;

export type RichTextEditorHandle = {
  focus: () => void;
};

export type RichTextEditorProps = {
  /** The editable area's label (the id of its <label> element). */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  /** The body as it is now (HTML); a value from outside (a restored copy) replaces the text. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** Once the editor has read the body: the same body as the editor writes it (for "unsaved" checks). */
  onReady?: (html: string) => void;
  disabled?: boolean;
  handle?: Ref<RichTextEditorHandle>;
};

export function RichTextEditor({ labelledBy, describedBy, invalid, value, onChange, onBlur, onReady, disabled, handle }: RichTextEditorProps) {
  const [linking, setLinking] = useState(false);
  /** The HTML this editor last gave out: a `value` that differs came from outside. */
  const emitted = useRef(value);
  const callbacks = useRef({ onChange, onBlur, onReady });
  callbacks.current = { onChange, onBlur, onReady };

  const editor = useEditor({
    // This component renders in the browser only (the form mounts it after hydration), so the
    // editor can be there from its first render.
    immediatelyRender: true,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          linkOnPaste: true,
          defaultProtocol: 'https',
          protocols: ['mailto'],
          isAllowedUri: (url, ctx) => LINK_SCHEMES.test(url) && ctx.defaultValidate(url),
          HTMLAttributes: { rel: 'nofollow noopener noreferrer', target: '_blank' },
        },
      }),
      // Ctrl/Cmd+K: the link form, as in most editors.
      Extension.create({
        name: 'linkShortcut',
        addKeyboardShortcuts: () => ({
          'Mod-k': () => {
            setLinking(true);
            return true;
          },
        }),
      }),
    ],
    content: value,
    editable: !disabled,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        class: 'rich-text min-h-72 px-4 py-3 outline-none',
      },
    },
    onCreate: ({ editor: e }) => {
      emitted.current = e.isEmpty ? '' : e.getHTML();
      callbacks.current.onReady?.(emitted.current);
    },
    onUpdate: ({ editor: e }) => {
      // An empty editor writes <p></p>: the form sees no text (and says so) rather than markup.
      emitted.current = e.isEmpty ? '' : e.getHTML();
      callbacks.current.onChange(emitted.current);
    },
    onBlur: () => callbacks.current.onBlur?.(),
  });

  // The description and state of the area follow the form's (errors come and go).
  useEffect(() => {
    if (!editor) return;
    const dom = editor.view.dom;
    if (describedBy) dom.setAttribute('aria-describedby', describedBy);
    else dom.removeAttribute('aria-describedby');
    if (invalid) dom.setAttribute('aria-invalid', 'true');
    else dom.removeAttribute('aria-invalid');
  }, [editor, describedBy, invalid]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  // A value from outside (a restored copy): the editor shows it.
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useImperativeHandle(handle, () => ({ focus: () => editor?.commands.focus() }), [editor]);

  const empty = useEditorState({ editor, selector: ({ editor: e }) => e?.isEmpty ?? !value });

  return (
    <div className={`mt-1 rounded-lg border bg-white dark:bg-slate-950 ${invalid ? 'border-rose-500' : 'border-slate-300 dark:border-slate-600'} focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-indigo-600 dark:focus-within:outline-indigo-400`}>
      <Toolbar editor={editor} onLink={() => setLinking(true)} linking={linking} disabled={disabled} />
      {linking && editor ? <LinkForm editor={editor} onClose={() => setLinking(false)} /> : null}
      <div className="relative">
        {editor ? null : (
          // The editor's place while it starts: the same size, so nothing below moves.
          <div aria-hidden="true" className="min-h-72" />
        )}
        {editor && empty ? (
          <p aria-hidden="true" className="pointer-events-none absolute top-3 left-4 text-slate-600 dark:text-slate-400">
            Write your post…
          </p>
        ) : null}
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}

export type { Editor };
