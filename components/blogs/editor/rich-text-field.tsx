'use client';

import { lazy, Suspense, type RefObject } from 'react';
import { Controller, type Control, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';
import { TextField, type FieldErrorHelpers } from '@/components/ui/form-fields';
import { useInBrowser } from '@/components/ui/use-in-browser';
import { editorMinHeight } from './editor-size';
import type { RichTextEditorHandle } from './rich-text-editor';

// The rich-text body of a react-hook-form form (the blog and listing editors). The editor
// (ProseMirror, ~70 KiB of gzipped JavaScript) is not part of the page's first load: its code is
// asked for as soon as this module runs in the browser, while the page hydrates, and the editor
// takes the place of its placeholder when it is there (the rest of the form works meanwhile).
// The pages' budget counts both (`npm run bench`).
// Its code comes in three chunks, each asking for the next once it has run (./code-state:
// ProseMirror's model and state; ./code-view: its view; ./rich-text-editor: the rest), so that
// the browser compiles and runs them in three tasks: as one chunk it was one task of ~150 ms
// after load at 4× CPU slowdown, the longest of the page.
const loadEditor = () => import('./code-state').then((state) => state.loadView()).then((view) => view.loadEditor());
if (typeof window !== 'undefined') void loadEditor();
const RichTextEditor = lazy(() => loadEditor().then((m) => ({ default: m.RichTextEditor })));

/**
 * The editor's place while its code loads: its size, so that nothing below moves; on an edit
 * page it shows the saved body (cleaned by the server) as the editor will, for the same reason.
 */
function EditorPlaceholder({ tall, html }: { tall: boolean; html?: string }) {
  const text = `rich-text px-4 py-3 ${editorMinHeight(tall)}`;
  return (
    // inert: its links are not reachable while it stands in for the editor.
    <div aria-hidden="true" inert className="mt-1 rounded-lg border border-slate-300 dark:border-slate-600">
      <div className="h-10 border-b border-slate-200 dark:border-slate-700" />
      {html ? (
        <div className={text} dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p className={`${text} text-slate-600 dark:text-slate-400`}>Loading the editor…</p>
      )}
    </div>
  );
}

export type RichTextFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  labelledBy: string;
  describedBy?: string;
  invalid?: true;
  disabled?: boolean;
  /** The editor, to focus it (Enter in the title goes on to the body). */
  editorRef: RefObject<RichTextEditorHandle | null>;
  /** The body as the editor first writes it (<b> read back as <strong>…): the same text, not a change. */
  onReady?: (html: string) => void;
  /** A long text's editor (a post) rather than a description's. */
  tall?: boolean;
  /** The saved body, cleaned by the server (sanitizeRichText), shown in the editor's place while it loads. */
  savedHtml?: string;
};

function RichTextField<T extends FieldValues>({
  control,
  name,
  labelledBy,
  describedBy,
  invalid,
  disabled,
  editorRef,
  onReady,
  tall = false,
  savedHtml,
}: RichTextFieldProps<T>) {
  const inBrowser = useInBrowser();
  const placeholder = <EditorPlaceholder tall={tall} html={savedHtml} />;
  if (!inBrowser) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <RichTextEditor
            handle={(h) => {
              editorRef.current = h;
              // react-hook-form focuses a field with an error through this.
              field.ref(h ? { focus: h.focus } : null);
            }}
            labelledBy={labelledBy}
            describedBy={describedBy}
            invalid={invalid}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            disabled={disabled}
            onReady={onReady}
            tall={tall}
            previewHtml={savedHtml}
          />
        )}
      />
    </Suspense>
  );
}

/** The title above the rich-text body: Enter goes on to the body (it does not save). */
export function TitleField<T extends FieldValues>({
  id,
  register,
  maxLength,
  helpers,
  editorRef,
}: {
  id: string;
  register: UseFormRegister<T>;
  maxLength: number;
  helpers: FieldErrorHelpers<T>;
  editorRef: RefObject<RichTextEditorHandle | null>;
}) {
  return (
    <TextField
      id={id}
      name={'title' as Path<T>}
      label="Title"
      register={register}
      helpers={helpers}
      maxLength={maxLength}
      required
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          editorRef.current?.focus();
        }
      }}
      className="field text-lg font-semibold"
    />
  );
}

/** The rich-text body under its label, with an optional hint and the field's error (the form's `body`). */
export function BodyField<T extends FieldValues>({
  id,
  label,
  hint,
  control,
  helpers,
  ...editor
}: {
  id: string;
  label: string;
  hint?: string;
  control: Control<T>;
  helpers: FieldErrorHelpers<T>;
} & Pick<RichTextFieldProps<T>, 'editorRef' | 'disabled' | 'onReady' | 'tall' | 'savedHtml'>) {
  const name = 'body' as Path<T>;
  return (
    <div>
      <span id={`${id}-body-label`} className="text-sm font-medium">
        {label}
      </span>
      <RichTextField
        control={control}
        name={name}
        labelledBy={`${id}-body-label`}
        describedBy={helpers.describedBy(name, hint ? `${id}-body-hint` : undefined)}
        invalid={helpers.invalid(name)}
        {...editor}
      />
      {hint ? (
        <p id={`${id}-body-hint`} className="muted mt-1">
          {hint}
        </p>
      ) : null}
      {helpers.error(name)}
    </div>
  );
}
