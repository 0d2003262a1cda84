'use client';

import { useRef, useState } from 'react';
import { checkPhotoBytes } from '@/lib/validations/photo-file';
import { useEarlyFiles } from './use-early-input';
import { sendUpload } from './use-upload';

export type PictureFieldProps = {
  id: string;
  /** The current picture (an edit), and what it is called beside the field. */
  current?: { src: string; alt: string };
  /** Largest picture, in bytes (UPLOAD_MAX_BYTES). */
  maxBytes: number;
  /** The picture chosen (checked: a photo, small enough), or null for none. */
  onChange: (file: File | null) => void;
};

/**
 * An item's picture in its form (an event, a group): the current one, and a file input whose choice
 * is checked in the browser (a photo of at most `maxBytes`) and said wrong on the field. The form
 * sends the file after saving the item (app/api/upload/…).
 */
export function PictureField({ id, current, maxBytes, onChange }: PictureFieldProps) {
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);

  const choose = async (f: File | undefined) => {
    // No file: none is sent. An error stays: it is shown only while the input is empty, and the
    // same choice may come twice (see useEarlyFiles), the second time with the input emptied.
    if (!f) return onChange(null);
    setError('');
    const problem = await checkPhotoBytes(f, maxBytes);
    if (problem) {
      setError(problem);
      onChange(null);
      if (input.current) input.current.value = '';
      return;
    }
    onChange(f);
  };
  useEarlyFiles(input, (files) => void choose(files[0]));

  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        Picture
      </label>
      {current ? <img src={current.src} alt={current.alt} className="mt-1 h-24 rounded-lg object-cover" /> : null}
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        onChange={(e) => choose(e.target.files?.[0])}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-1 block text-sm"
      />
      {error ? (
        <p id={`${id}-error`} className="error-text mt-1">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Sends the picture chosen to the item just saved (POST /api/upload/{noun}?id=…, with `fields`
 * before the file); undefined once sent, else what the form says (the item itself was saved).
 */
export async function sendPicture(file: File, noun: string, id: number, fields: Record<string, string> = {}): Promise<string | undefined> {
  const sent = await sendUpload(
    file,
    {
      url: `/api/upload/${noun}?id=${id}`,
      fileField: 'photo',
      fields,
      parse: (b) => (b && typeof b === 'object' ? b : undefined),
    },
    () => {},
  ).done;
  return sent.ok ? undefined : `The ${noun} was saved, but not its picture: ${sent.message} Choose it again and save.`;
}
