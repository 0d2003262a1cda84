'use client';

import { useRouter } from 'next/navigation';
import { useId, useRef, useState } from 'react';
import { checkPhotoBytes, formatBytes, PHOTO_KINDS_TEXT } from '@/lib/validations/photo-file';
import { buttonStyles } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { progressOf, UploadProgress } from '@/components/ui/upload-progress';
import { useFileInput } from '@/components/ui/use-early-input';
import { useUpload } from '@/components/ui/use-upload';

/** The pictures the site takes (lib/validations/photo-file.ts), for the file chooser. */
const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';

/** The legacy app's photo route (app/api/upload/legacy-photo): streams the file on to photo.addPhoto. */
const UPLOAD_URL = '/api/upload/legacy-photo';

const parse = (body: unknown) => {
  const b = body as { original?: unknown } | null;
  return b && typeof b.original === 'string' ? { original: b.original } : undefined;
};

// photo_name travels with each file.
const photoFields = (file: File) => ({ photo_name: file.name });

/** "Add a photo": checked here first, then streamed through the BFF with its progress. */
export function AddLegacyPhoto({ maxBytes }: { maxBytes: number }) {
  const id = useId();
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUpload({ url: UPLOAD_URL, fileField: 'photo', fields: photoFields, parse });
  const [problem, setProblem] = useState('');
  const state = upload.state;

  const send = (file: File) => {
    void upload.start(file).then((res) => {
      if (res.ok) router.refresh();
    });
  };

  const choose = async (file: File) => {
    setProblem('');
    if (input.current) input.current.value = '';
    // By its first bytes, as the upload route checks it: a person learns at once.
    const why = await checkPhotoBytes(file, maxBytes);
    if (why) setProblem(why);
    else send(file);
  };

  const onChange = useFileInput(input, (files) => void choose(files[0]!));

  return (
    <div className="mt-4 space-y-3">
      <label className={`${buttonStyles.secondary} cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600`}>
        <input ref={input} type="file" accept={ACCEPT} className="sr-only" onChange={onChange} aria-describedby={`${id}-hint`} />
        Add a photo
      </label>
      <p id={`${id}-hint`} className="muted text-sm">
        {PHOTO_KINDS_TEXT}, up to {formatBytes(maxBytes)}.
      </p>
      <FormError message={problem} />
      {state && state.status !== 'done' ? (
        <div className="card max-w-md">
          <UploadProgress id={`${id}-progress`} {...progressOf(state)} />
          {state.status === 'failed' ? (
            <>
              <FormError message={state.message} className="mt-2" />
              <div className="mt-2 flex gap-2">
                <button type="button" className={buttonStyles.secondary} onClick={() => send(state.file)}>
                  Retry
                </button>
                <button type="button" className={buttonStyles.ghost} onClick={upload.cancel}>
                  Cancel
                </button>
              </div>
            </>
          ) : null}
        </div>
      ) : null}
      <p role="status" className="text-sm empty:hidden">
        {state?.status === 'done' ? `“${state.file.name}” was added to your photos.` : ''}
      </p>
    </div>
  );
}
