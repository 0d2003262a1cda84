'use client';

import { useId, useRef, useState, type DragEvent } from 'react';
import { formatBytes, PHOTO_ACCEPT, PHOTO_KINDS_TEXT } from '@/lib/validations/photo-file';
import { PhotoIcon } from '@/components/ui/icons';
import { useFileInput } from '@/components/ui/use-early-input';

// Where photos come in: a drop area with a "Choose photos" button (a file input that takes
// several). The files are handed on in the order they were picked; checking them is the
// caller's business.

export type PhotoPickerProps = {
  maxBytes: number;
  onPick: (files: File[]) => void;
  /** There are photos already: the words say "more". */
  hasPhotos: boolean;
  disabled?: boolean;
  /** When the photos go (said under the button). */
  when?: string;
};

export function PhotoPicker({
  maxBytes,
  onPick,
  hasPhotos,
  disabled,
  when = 'Each photo starts uploading as soon as you add it.',
}: PhotoPickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const onChange = useFileInput(input, (files) => {
    // Cleared, so that the same file can be chosen again after it was removed.
    if (input.current) input.current.value = '';
    onPick(files);
  });
  const [over, setOver] = useState(false);

  const hasFiles = (e: DragEvent) => [...e.dataTransfer.types].includes('Files');
  const onDragOver = (e: DragEvent) => {
    if (disabled || !hasFiles(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDrop = (e: DragEvent) => {
    if (disabled || !hasFiles(e)) return;
    e.preventDefault();
    setOver(false);
    const files = [...e.dataTransfer.files];
    if (files.length) onPick(files);
  };

  return (
    <div
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={onDrop}
      className={`flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed p-8 text-center transition-colors ${
        over ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-950/40' : 'border-slate-300 dark:border-slate-700'
      }`}
    >
      <PhotoIcon className="size-8 text-slate-500 dark:text-slate-400" />
      <p className="text-sm">{hasPhotos ? 'Drop more photos here, or' : 'Drop photos here, or'}</p>
      <label
        className={`btn btn-secondary cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600 ${disabled ? 'pointer-events-none opacity-60' : ''}`}
      >
        <input
          ref={input}
          type="file"
          multiple
          accept={PHOTO_ACCEPT}
          disabled={disabled}
          className="sr-only"
          aria-describedby={`${id}-hint`}
          onChange={onChange}
        />
        {hasPhotos ? 'Choose more photos' : 'Choose photos'}
      </label>
      <p id={`${id}-hint`} className="muted">
        {PHOTO_KINDS_TEXT}, up to {formatBytes(maxBytes)} each. {when}
      </p>
    </div>
  );
}
