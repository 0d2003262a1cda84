'use client';

import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { flushSync } from 'react-dom';
import { useLatest } from '@/components/ui/use-latest';
import { editorMinHeight } from './editor-size';
import { LinkForm } from './link-form';
import { RichText } from './prose';
import { Toolbar, useEditorState } from './toolbar';

// The body of a blog post or a listing, written in a rich-text editor (ProseMirror, see
// ./prose.ts) limited to what the API keeps of a body (api-server/src/domain/rich-text.ts):
// paragraphs, headings (h2, h3), bold, italic, links, bulleted and numbered lists, quotes. What it
// writes is HTML the API keeps as it is, and what the API sends back opens as it was written:
// editing a post shows exactly what was saved. Its code is loaded by the editor pages only, as
// soon as they run (components/blogs/editor/blog-editor.tsx, components/listings/editor/).

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
  /** A long text's editor (a post) rather than a description's: its least height. */
  tall?: boolean;
  /** The saved body, cleaned by the server: shown in the view's place until the view has drawn it. */
  previewHtml?: string;
};

export function RichTextEditor({
  labelledBy,
  describedBy,
  invalid,
  value,
  onChange,
  onBlur,
  onReady,
  disabled,
  handle,
  tall = false,
  previewHtml,
}: RichTextEditorProps) {
  const [linking, setLinking] = useState(false);
  const [editor, setEditor] = useState<RichText | null>(null);
  const mount = useRef<HTMLDivElement>(null);
  /** The HTML this editor last gave out: a `value` that differs came from outside. */
  const emitted = useRef(value);
  const latest = useLatest({ onChange, onBlur, onReady, labelledBy, describedBy, invalid, value, disabled, tall });

  // The editor starts once, in the browser (the form mounts this component after hydration), in
  // tasks of its own: the commit that put its frame in the page was one, the view (the body read
  // and drawn) is the next, telling the form what it read the one after. A slow laptop's main
  // thread is not held for all of it at once (at 4× CPU they were one task of ~110 ms). Until the
  // view is drawn the frame shows the saved body (as the placeholder did), and the view replaces it
  // within its task, before the browser paints: the page does not move (a long post's edit page
  // moved twice, shrinking to the empty frame and growing with the view, CLS 0.17).
  useEffect(() => {
    let e: RichText | undefined;
    let ready: ReturnType<typeof setTimeout> | undefined;
    const start = setTimeout(() => {
      const editor = new RichText(mount.current!, {
        html: latest.current.value,
        editable: !latest.current.disabled,
        attributes: () => {
          const { labelledBy: label, describedBy: described, invalid: wrong, tall: long } = latest.current;
          return {
            role: 'textbox',
            'aria-multiline': 'true',
            'aria-labelledby': label,
            ...(described ? { 'aria-describedby': described } : {}),
            ...(wrong ? { 'aria-invalid': 'true' } : {}),
            class: `rich-text ${editorMinHeight(long)} px-4 py-3 outline-none`,
          };
        },
        onChange: (ed) => {
          // An empty editor writes <p></p>: the form sees no text (and says so) rather than markup.
          emitted.current = ed.isEmpty ? '' : ed.getHTML();
          latest.current.onChange(emitted.current);
        },
        onBlur: () => latest.current.onBlur?.(),
        // Ctrl/Cmd+K: the link form, as in most editors.
        onLinkShortcut: () => setLinking(true),
      });
      e = editor;
      flushSync(() => setEditor(editor));
      // Unless the text changed meanwhile (typed, or a kept copy restored: a change the form's
      // check of "unsaved" then sees anyway).
      ready = setTimeout(() => {
        if (emitted.current !== latest.current.value) return;
        emitted.current = editor.isEmpty ? '' : editor.getHTML();
        latest.current.onReady?.(emitted.current);
      });
    });
    return () => {
      clearTimeout(start);
      clearTimeout(ready);
      setEditor(null);
      e?.destroy();
    };
  }, [latest]);

  // The description and state of the area follow the form's (errors come and go).
  useEffect(() => {
    editor?.refresh();
  }, [editor, labelledBy, describedBy, invalid]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  // A value from outside (a restored copy): the editor shows it.
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.setContent(value);
  }, [editor, value]);

  useImperativeHandle(handle, () => ({ focus: () => editor?.focus() }), [editor]);

  const state = useEditorState(editor);
  const empty = editor && state ? editor.isEmpty : !value;

  return (
    <div
      className={`mt-1 rounded-lg border bg-white dark:bg-slate-950 ${invalid ? 'border-rose-500' : 'border-slate-300 dark:border-slate-600'} focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-indigo-600 dark:focus-within:outline-indigo-400`}
    >
      <Toolbar editor={editor} onLink={() => setLinking(true)} linking={linking} disabled={disabled} />
      {linking && editor ? <LinkForm editor={editor} onClose={() => setLinking(false)} /> : null}
      <div className="relative">
        {editor && empty ? (
          <p aria-hidden="true" className="pointer-events-none absolute top-3 left-4 text-slate-600 dark:text-slate-400">
            Write your post…
          </p>
        ) : null}
        {editor || !previewHtml ? null : (
          // inert: its links are not reachable while it stands in for the view.
          <div
            aria-hidden="true"
            inert
            className={`rich-text ${editorMinHeight(tall)} px-4 py-3`}
            dangerouslySetInnerHTML={{ __html: previewHtml }}
          />
        )}
        {/* Its least height before the editor is in it too, so that nothing below moves as it starts. */}
        <div ref={mount} className={editor || !previewHtml ? editorMinHeight(tall) : undefined} />
      </div>
    </div>
  );
}
