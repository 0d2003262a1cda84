'use client';

import { useRef, useState, type ReactNode } from 'react';
import { COMPOSE_UPLOAD_URL, parseComposeUpload } from '@/lib/uploads/compose-upload';
import { checkPhotoBytes, PHOTO_ACCEPT, PHOTO_DESCRIPTION_MAX, PHOTO_KINDS_TEXT } from '@/lib/validations/photo-file';
import { useAnnounce } from '@/components/ui/announcer';
import { buttonStyles } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { PhotoIcon } from '@/components/ui/icons';
import { progressOf, UploadProgress } from '@/components/ui/upload-progress';
import { DescriptionReminder, wantsDescriptionReminder } from '@/components/photos/description-reminder';
import { useFileInput } from '@/components/ui/use-early-input';
import { useUpload } from '@/components/ui/use-upload';

// A photo in a message, as the feed's composer attaches one (components/feed/composer.tsx): it
// is uploaded as soon as it is chosen (POST /api/upload/compose, type=message: the API keeps it
// in the sender's "Message Photos", seen only by the conversation's members), with its progress;
// then a thumbnail, a description (its alt text, optional with the same gentle reminder as a
// post's photo) and "Remove photo". The form sends `photo_id` and `photo_description` with the
// text (components/messages/actions.ts). A refusal of the message keeps the photo.

/** The size the BFF route refuses above is checked there (lib/uploads/stream-upload.ts): the browser checks what a file is. */
const NO_SIZE_CHECK = Number.POSITIVE_INFINITY;

/** The photo of a message form: its state, its fields (`fields`, above the text), its button (`button`, beside it). */
export function useMessagePhoto(id: string) {
  const announce = useAnnounce();
  const upload = useUpload({ url: COMPOSE_UPLOAD_URL, fileField: 'Filedata', fields: { type: 'message' }, parse: parseComposeUpload });
  const [error, setError] = useState('');
  const [description, setDescription] = useState('');
  const [reminding, setReminding] = useState<null | (() => void)>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);

  const startUpload = (file: File) => {
    void upload.start(file).then((res) => {
      if (res.ok) announce('The photo is uploaded.');
    });
  };
  const choose = async (file: File) => {
    setError('');
    if (fileInput.current) fileInput.current.value = '';
    const problem = await checkPhotoBytes(file, NO_SIZE_CHECK);
    if (problem) {
      setError(problem);
      return;
    }
    startUpload(file);
  };
  const onChange = useFileInput(fileInput, (files) => void choose(files[0]!));

  const clear = () => {
    upload.cancel();
    setError('');
    setDescription('');
    setReminding(null);
  };
  const remove = () => {
    clear();
    announce('Photo removed.');
    fileInput.current?.focus();
  };

  const state = upload.state;
  /**
   * Whether the form may be sent now: `go`; or why not (still uploading, failed); or `reminding`
   * while the description reminder asks (its "Post anyway" calls `send`).
   */
  const ready = (send: () => void, { remind = true } = {}): { go: true } | { go: false; problem?: string } => {
    setReminding(null);
    if (state && state.status !== 'done')
      return {
        go: false,
        problem: state.status === 'uploading' ? 'Wait for the photo to finish uploading.' : 'Retry the photo upload or remove the photo.',
      };
    if (state && remind && !description.trim() && wantsDescriptionReminder()) {
      setReminding(() => send);
      return { go: false };
    }
    return { go: true };
  };

  const fields: ReactNode =
    state || reminding || error ? (
      <div className="mb-2">
        {state ? (
          <div className="flex flex-wrap items-start gap-3 rounded-xl border border-slate-200 p-3 dark:border-slate-700">
            {state.status === 'done' && state.result.src ? (
              // eslint-disable-next-line jsx-a11y/img-redundant-alt -- names the message's attachment (its photo, and which file), not the medium
              <img src={state.result.src} alt={`Photo to send: ${state.file.name}`} className="size-20 rounded-lg object-cover" />
            ) : null}
            <div className="min-w-0 flex-1">
              {state.status !== 'done' ? <UploadProgress id={`${id}-progress`} {...progressOf(state)} /> : null}
              {state.status === 'failed' ? <FormError message={state.message} className="mt-1" /> : null}
              <label htmlFor={`${id}-photo-description`} className="text-sm font-medium">
                Description <span className="muted font-normal">(alt text)</span>
              </label>
              <textarea
                id={`${id}-photo-description`}
                ref={descriptionRef}
                name="photo_description"
                value={description}
                onChange={(e) => setDescription(e.target.value)}
                rows={1}
                maxLength={PHOTO_DESCRIPTION_MAX}
                aria-describedby={`${id}-photo-description-hint`}
                className="field"
              />
              <p id={`${id}-photo-description-hint`} className="muted text-xs">
                What the photo shows, for people who cannot see it.
              </p>
              <div className="mt-2 flex gap-2">
                {state.status === 'failed' ? (
                  <button type="button" className={buttonStyles.secondary} onClick={() => startUpload(state.file)}>
                    Retry
                  </button>
                ) : null}
                <button type="button" className={buttonStyles.ghost} onClick={remove}>
                  Remove photo
                </button>
              </div>
            </div>
            {state.status === 'done' ? <input type="hidden" name="photo_id" value={state.result.photoId} /> : null}
          </div>
        ) : null}
        {reminding ? (
          <DescriptionReminder
            onPostAnyway={() => {
              const send = reminding;
              setReminding(null);
              send();
            }}
            onAddDescription={() => {
              setReminding(null);
              descriptionRef.current?.focus();
            }}
          />
        ) : null}
        <FormError message={error} className="mt-1" />
      </div>
    ) : null;

  // A real button for the keyboard and screen readers (the file input itself is hidden): it opens the file picker.
  const button: ReactNode = (
    <>
      <input
        ref={fileInput}
        id={`${id}-photo`}
        type="file"
        accept={PHOTO_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={onChange}
      />
      <button
        type="button"
        className={buttonStyles.ghost}
        onClick={() => fileInput.current?.click()}
        aria-label={state ? 'Replace photo' : 'Attach a photo'}
        aria-describedby={`${id}-photo-hint`}
      >
        <PhotoIcon className="size-5" />
        {/* Its words on one line beside the icon (a narrow screen shows the icon alone; the name stays). */}
        <span aria-hidden="true" className={state ? 'whitespace-nowrap' : 'hidden whitespace-nowrap sm:inline'}>
          {state ? 'Replace photo' : 'Attach a photo'}
        </span>
      </button>
      <span id={`${id}-photo-hint`} className="sr-only">
        {PHOTO_KINDS_TEXT}.
      </span>
    </>
  );

  return { state, fields, button, ready, clear };
}
