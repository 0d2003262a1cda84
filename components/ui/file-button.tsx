'use client';

import type { ReactNode, Ref } from 'react';
import { buttonStyles } from './button';

export type FileButtonProps = {
  /** The file input's `accept`. */
  accept: string;
  /** The file the person picked (the input is emptied, so the same file may be picked again). */
  onFile: (file: File) => void;
  look?: 'ghost' | 'secondary';
  id?: string;
  inputRef?: Ref<HTMLInputElement>;
  'aria-describedby'?: string;
  /** The button's words (and icon): the input's name. */
  children: ReactNode;
};

/**
 * A button that opens the file picker: a label in a button's look around a visually hidden file
 * input, so that the input itself takes the focus, its name is the label's words, and the focus
 * ring shows on the label.
 */
export function FileButton({ accept, onFile, look = 'ghost', id, inputRef, children, ...aria }: FileButtonProps) {
  return (
    <label className={`${buttonStyles[look]} cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600`}>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={accept}
        className="sr-only"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
        {...aria}
      />
      {children}
    </label>
  );
}
