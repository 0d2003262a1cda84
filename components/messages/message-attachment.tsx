'use client';

import { useRef, useState, type ReactNode } from 'react';
import { routes } from '@/lib/routes';
import type { ComposedVideo } from '@/lib/social-api/videos';
import { COMPOSE_UPLOAD_URL, parseComposeUpload, parseComposeVideoUpload } from '@/lib/uploads/compose-upload';
import { PHOTO_ACCEPT, PHOTO_DESCRIPTION_MAX, PHOTO_KINDS_TEXT, checkPhotoBytes } from '@/lib/validations/photo-file';
import { VIDEO_DESCRIPTION_MAX } from '@/lib/validations/limits';
import { VIDEO_ACCEPT, VIDEO_KINDS_TEXT, checkVideoBytes } from '@/lib/validations/video-file';
import { useAnnounce } from '@/components/ui/announcer';
import { buttonStyles } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { PhotoIcon, VideoIcon } from '@/components/ui/icons';
import { progressOf, UploadProgress } from '@/components/ui/upload-progress';
import { DescriptionReminder, wantsDescriptionReminder } from '@/components/photos/description-reminder';
import { useFileInput } from '@/components/ui/use-early-input';
import { useUpload, type UploadState } from '@/components/ui/use-upload';

// A photo or a video in a message, as the feed's composer attaches one (components/feed/composer.tsx):
// it is uploaded as soon as it is chosen — a photo through POST /api/upload/compose type=message
// (the API keeps it in the sender's "Message Photos"), a video through POST
// /api/upload/compose-video c_type=message (converted by the API afterwards) — each seen only by
// the conversation's members, with its progress; then a thumbnail, a description (its text
// alternative, optional with the same gentle reminder as a post's) and "Remove". A message
// carries one: choosing the other kind replaces it. The form sends `photo_id` or `video_id` and
// its `…_description` with the text (components/messages/actions.ts). A refusal of the message
// keeps it. A video may be sent while it converts: the conversation's card says so until it plays.

/** The size the BFF route refuses above is checked there (lib/uploads/stream-upload.ts): the browser checks what a file is. */
const NO_SIZE_CHECK = Number.POSITIVE_INFINITY;

type Kind = 'photo' | 'video';

const KINDS = {
  photo: {
    accept: PHOTO_ACCEPT,
    kinds: PHOTO_KINDS_TEXT,
    check: checkPhotoBytes,
    descriptionMax: PHOTO_DESCRIPTION_MAX,
    describes: 'What the photo shows, for people who cannot see it.',
    Icon: PhotoIcon,
  },
  video: {
    accept: VIDEO_ACCEPT,
    kinds: VIDEO_KINDS_TEXT,
    check: checkVideoBytes,
    descriptionMax: VIDEO_DESCRIPTION_MAX,
    describes: 'What the video shows and says, for people who cannot see or hear it.',
    Icon: VideoIcon,
  },
} as const;

/** What a finished upload gives the form: the id it sends, and a picture of it ('' for none yet). */
type Uploaded = { id: number; picture: string; video?: ComposedVideo };

/**
 * The attachment of a message form: its state, its fields (`fields`, above the text), its buttons
 * (`buttons`, beside it: the form is a container, `@container`, whose width decides their words).
 */
export function useMessageAttachment(id: string) {
  const announce = useAnnounce();
  const photoUpload = useUpload({ url: COMPOSE_UPLOAD_URL, fileField: 'Filedata', fields: { type: 'message' }, parse: parseComposeUpload });
  const videoUpload = useUpload<ComposedVideo>({
    url: routes.composeVideoUpload,
    fileField: 'Filedata',
    fields: { c_type: 'message' },
    parse: parseComposeVideoUpload,
  });
  const [kind, setKind] = useState<Kind>('photo');
  const [error, setError] = useState('');
  const [description, setDescription] = useState('');
  const [reminding, setReminding] = useState<null | (() => void)>(null);
  const fileInputs = { photo: useRef<HTMLInputElement>(null), video: useRef<HTMLInputElement>(null) };
  const descriptionRef = useRef<HTMLTextAreaElement>(null);

  const uploads = { photo: photoUpload, video: videoUpload };
  const current = uploads[kind];
  const state: UploadState<unknown> | null = current.state;
  const uploaded: Uploaded | undefined =
    photoUpload.state?.status === 'done' && kind === 'photo'
      ? { id: photoUpload.state.result.photoId, picture: photoUpload.state.result.src }
      : videoUpload.state?.status === 'done' && kind === 'video'
        ? { id: videoUpload.state.result.id, picture: videoUpload.state.result.thumb, video: videoUpload.state.result }
        : undefined;

  const startUpload = (k: Kind, file: File) => {
    const upload = uploads[k];
    void upload.start(file).then((res) => {
      if (res.ok) announce(k === 'photo' ? 'The photo is uploaded.' : 'The video is uploaded: it is converted once sent.');
    });
  };
  const choose = async (k: Kind, file: File) => {
    setError('');
    const input = fileInputs[k].current;
    if (input) input.value = '';
    const problem = await KINDS[k].check(file, NO_SIZE_CHECK);
    if (problem) {
      setError(problem);
      return;
    }
    // One attachment a message: the other kind's goes.
    uploads[k === 'photo' ? 'video' : 'photo'].cancel();
    if (k !== kind) setDescription('');
    setKind(k);
    startUpload(k, file);
  };
  const onPhoto = useFileInput(fileInputs.photo, (files) => void choose('photo', files[0]!));
  const onVideo = useFileInput(fileInputs.video, (files) => void choose('video', files[0]!));

  const clear = () => {
    photoUpload.cancel();
    videoUpload.cancel();
    setError('');
    setDescription('');
    setReminding(null);
  };
  const remove = () => {
    const k = kind;
    clear();
    announce(k === 'photo' ? 'Photo removed.' : 'Video removed.');
    fileInputs[k].current?.focus();
  };

  /**
   * Whether the form may be sent now: `go`; or why not (still uploading, failed); or `reminding`
   * while the description reminder asks (its "Post anyway" calls `send`).
   */
  const ready = (send: () => void, { remind = true } = {}): { go: true } | { go: false; problem?: string } => {
    setReminding(null);
    if (state && state.status !== 'done')
      return {
        go: false,
        problem:
          state.status === 'uploading' ? `Wait for the ${kind} to finish uploading.` : `Retry the ${kind} upload or remove the ${kind}.`,
      };
    if (state && remind && !description.trim() && wantsDescriptionReminder()) {
      setReminding(() => send);
      return { go: false };
    }
    return { go: true };
  };

  const k = KINDS[kind];
  const fields: ReactNode =
    state || reminding || error ? (
      <div className="mb-2">
        {state ? (
          <div className="flex flex-wrap items-start gap-3 rounded-xl border border-slate-200 p-3 dark:border-slate-700">
            {uploaded?.picture ? (
              <img
                src={uploaded.picture}
                alt={`${kind === 'photo' ? 'Photo' : 'Video'} to send: ${state.file.name}`}
                className="size-20 rounded-lg object-cover"
              />
            ) : uploaded ? (
              <span className="flex size-20 items-center justify-center rounded-lg bg-slate-200 dark:bg-slate-800">
                <k.Icon className="size-8" />
              </span>
            ) : null}
            <div className="min-w-0 flex-1">
              {state.status !== 'done' ? <UploadProgress id={`${id}-progress`} {...progressOf(state)} /> : null}
              {state.status === 'failed' ? <FormError message={state.message} className="mt-1" /> : null}
              {uploaded?.video ? (
                <p role="status" className="mb-1 text-sm">
                  <strong>{uploaded.video.title}</strong>:{' '}
                  {uploaded.video.status === 'processed' ? 'ready to play.' : 'uploaded. You can send it now: it plays once converted.'}
                </p>
              ) : null}
              <label htmlFor={`${id}-attachment-description`} className="text-sm font-medium">
                Description <span className="muted font-normal">({kind === 'photo' ? 'alt text' : 'text alternative'})</span>
              </label>
              <textarea
                id={`${id}-attachment-description`}
                ref={descriptionRef}
                name={`${kind}_description`}
                value={description}
                onChange={(e) => setDescription(e.target.value)}
                rows={1}
                maxLength={k.descriptionMax}
                aria-describedby={`${id}-attachment-description-hint`}
                className="field"
              />
              <p id={`${id}-attachment-description-hint`} className="muted text-xs">
                {k.describes}
              </p>
              <div className="mt-2 flex gap-2">
                {state.status === 'failed' ? (
                  <button type="button" className={buttonStyles.secondary} onClick={() => startUpload(kind, state.file)}>
                    Retry
                  </button>
                ) : null}
                <button type="button" className={buttonStyles.ghost} onClick={remove}>
                  Remove {kind}
                </button>
              </div>
            </div>
            {uploaded ? <input type="hidden" name={`${kind}_id`} value={uploaded.id} /> : null}
          </div>
        ) : null}
        {reminding ? (
          <DescriptionReminder
            noun={kind}
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

  // Real buttons for the keyboard and screen readers (the file inputs themselves are hidden): each opens its file picker.
  const button = (b: Kind, onChange: typeof onPhoto) => {
    const { accept, kinds, Icon } = KINDS[b];
    const name = state && kind === b ? `Replace ${b}` : `Attach a ${b}`;
    return (
      <>
        <input
          ref={fileInputs[b]}
          id={`${id}-${b}`}
          type="file"
          accept={accept}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={onChange}
        />
        <button
          type="button"
          className={buttonStyles.ghost}
          onClick={() => fileInputs[b].current?.click()}
          aria-label={name}
          title={name}
          aria-describedby={`${id}-${b}-hint`}
        >
          <Icon className="size-5" />
          {/* Its words on one line beside the icon when the form is wide enough (a narrow one, such as the pane beside the inbox, shows the icon alone; the name and a tooltip stay). */}
          <span aria-hidden="true" className={state && kind === b ? 'whitespace-nowrap' : 'hidden whitespace-nowrap @2xl:inline'}>
            {name}
          </span>
        </button>
        <span id={`${id}-${b}-hint`} className="sr-only">
          {kinds}.
        </span>
      </>
    );
  };
  const buttons: ReactNode = (
    <>
      {button('photo', onPhoto)}
      {button('video', onVideo)}
    </>
  );

  return { state, kind, fields, buttons, ready, clear };
}
