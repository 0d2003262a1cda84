'use client';

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  ACTIVITY_BODY_MAX,
  activityCreateSchema,
  checkPhotoFile,
  fieldErrorsOf,
  formatBytes,
  LINK_TITLE_MAX,
  PHOTO_ACCEPT,
  URL_MAX,
} from '@/lib/validations/activity';
import { createPost } from './actions';
import { callAction } from './call-action';
import { Avatar } from './avatar';
import { clearDraft, readDraft, saveDraft, type Draft } from './draft';
import { useFeed } from './feed-context';
import { ImageIcon, LinkIcon } from './feed-icons';
import { buttonStyles } from './styles';
import { uploadComposePhoto, type UploadHandle } from './upload';

export type ComposerProps = {
  /** Largest photo, in bytes (the server's UPLOAD_MAX_BYTES). */
  maxPhotoBytes: number;
  /** Posting on a friend's wall; the viewer's own wall when absent. */
  wallId?: number;
};

type Photo =
  | { status: 'uploading'; file: File; progress: number }
  | { status: 'failed'; file: File; progress: number; message: string }
  | { status: 'ready'; file: File; photoId: number; src: string };

const EMPTY: Draft = { body: '', linkUrl: '', linkTitle: '', linkDescription: '' };

const inputCls =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm aria-invalid:border-rose-500 dark:border-slate-600 dark:bg-slate-950';

/**
 * The compose box: text, an optional link or photo. The text is kept as a draft in this
 * browser until it is posted; a post that fails keeps everything and shows why.
 */
export function Composer({ maxPhotoBytes, wallId }: ComposerProps) {
  const { viewer, prepend, announce, showsOwnPosts } = useFeed();
  const id = useId();
  const [fields, setFields] = useState<Draft>(EMPTY);
  const [linkOpen, setLinkOpen] = useState(false);
  const [photo, setPhoto] = useState<Photo | null>(null);
  const [photoError, setPhotoError] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formMessage, setFormMessage] = useState('');
  const [pending, setPending] = useState(false);
  const draftLoaded = useRef(false);
  const upload = useRef<UploadHandle | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);

  // The draft is read after hydration (the server cannot know it) and saved as it changes.
  useEffect(() => {
    const draft = readDraft(viewer.id);
    if (draft) {
      setFields(draft);
      if (draft.linkUrl || draft.linkTitle || draft.linkDescription) setLinkOpen(true);
    }
    draftLoaded.current = true;
  }, [viewer.id]);
  useEffect(() => {
    if (draftLoaded.current) saveDraft(viewer.id, fields);
  }, [viewer.id, fields]);
  useEffect(() => () => upload.current?.abort(), []);

  const set = (name: keyof Draft) => (value: string) => {
    setFields((f) => ({ ...f, [name]: value }));
    if (fieldErrors[name]) setFieldErrors(({ [name]: _, ...rest }) => rest);
  };

  const startUpload = (file: File) => {
    upload.current?.abort();
    setPhoto({ status: 'uploading', file, progress: 0 });
    const handle = uploadComposePhoto(file, (progress) =>
      setPhoto((p) => (p && p.file === file && p.status === 'uploading' ? { ...p, progress } : p)),
    );
    upload.current = handle;
    void handle.done.then((res) => {
      if (upload.current !== handle) return;
      upload.current = null;
      if (res.ok) {
        setPhoto({ status: 'ready', file, photoId: res.photoId, src: res.src });
        announce('The photo is uploaded.');
      } else if (!res.aborted) {
        setPhoto((p) => ({ status: 'failed', file, progress: p && 'progress' in p ? p.progress : 0, message: res.message }));
      }
    });
  };

  const choose = (file: File | undefined) => {
    setPhotoError('');
    if (!file) return;
    const problem = checkPhotoFile(file, maxPhotoBytes);
    if (fileInput.current) fileInput.current.value = '';
    if (problem) {
      setPhotoError(problem);
      return;
    }
    if (fieldErrors.photoId) setFieldErrors(({ photoId: _, ...rest }) => rest);
    startUpload(file);
  };

  const removePhoto = () => {
    upload.current?.abort();
    upload.current = null;
    setPhoto(null);
    setPhotoError('');
    fileInput.current?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (photo && photo.status !== 'ready') {
      setFormMessage(photo.status === 'uploading' ? 'Wait for the photo to finish uploading.' : 'Retry the photo upload or remove the photo.');
      return;
    }
    const values = { ...fields, photoId: photo?.status === 'ready' ? photo.photoId : undefined };
    const parsed = activityCreateSchema.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(fieldErrorsOf(parsed.error));
      setFormMessage('');
      bodyRef.current?.focus();
      return;
    }
    setPending(true);
    setFormMessage('');
    setFieldErrors({});
    const res = await callAction(() => createPost({ ...values, wallId }));
    setPending(false);
    if (!res.ok) {
      // Everything typed (and the uploaded photo) stays; the API's reasons go beside the fields.
      setFieldErrors(res.fieldErrors ?? {});
      setFormMessage(res.message);
      return;
    }
    clearDraft(viewer.id);
    setFields(EMPTY);
    setLinkOpen(false);
    setPhoto(null);
    if (showsOwnPosts || wallId) prepend([res.data]);
    announce('Your post was published.');
  };

  const err = (name: string) => fieldErrors[name];
  const describedBy = (name: string) => (err(name) ? `${id}-${name}-error` : undefined);
  const fieldError = (name: string) =>
    err(name) ? (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm text-rose-700 dark:text-rose-300">
        {err(name)}
      </p>
    ) : null;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={`${id}-title`} className="sr-only">
        Create a post
      </h2>
      <div className="flex gap-3">
        <Avatar person={viewer} />
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-body`} className="text-sm font-medium text-slate-700 dark:text-slate-300">
            What’s on your mind, {viewer.name.split(' ')[0]}?
          </label>
          <textarea
            id={`${id}-body`}
            ref={bodyRef}
            value={fields.body}
            onChange={(e) => set('body')(e.target.value)}
            rows={3}
            maxLength={ACTIVITY_BODY_MAX}
            aria-invalid={err('body') ? true : undefined}
            aria-describedby={describedBy('body')}
            className={inputCls}
          />
          {fieldError('body')}
        </div>
      </div>

      {linkOpen ? (
        <fieldset className="mt-4 space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
          <legend className="px-1 text-sm font-medium">Link</legend>
          <div>
            <label htmlFor={`${id}-url`} className="text-sm">
              Link address
            </label>
            <input
              id={`${id}-url`}
              type="url"
              inputMode="url"
              value={fields.linkUrl}
              onChange={(e) => set('linkUrl')(e.target.value)}
              placeholder="https://"
              maxLength={URL_MAX}
              aria-invalid={err('linkUrl') ? true : undefined}
              aria-describedby={describedBy('linkUrl')}
              className={inputCls}
            />
            {fieldError('linkUrl')}
          </div>
          <div>
            <label htmlFor={`${id}-link-title`} className="text-sm">
              Link title (optional)
            </label>
            <input
              id={`${id}-link-title`}
              value={fields.linkTitle}
              onChange={(e) => set('linkTitle')(e.target.value)}
              maxLength={LINK_TITLE_MAX}
              aria-invalid={err('linkTitle') ? true : undefined}
              aria-describedby={describedBy('linkTitle')}
              className={inputCls}
            />
            {fieldError('linkTitle')}
          </div>
          <div>
            <label htmlFor={`${id}-link-description`} className="text-sm">
              Link description (optional)
            </label>
            <textarea
              id={`${id}-link-description`}
              value={fields.linkDescription}
              onChange={(e) => set('linkDescription')(e.target.value)}
              rows={2}
              maxLength={ACTIVITY_BODY_MAX}
              aria-invalid={err('linkDescription') ? true : undefined}
              aria-describedby={describedBy('linkDescription')}
              className={inputCls}
            />
            {fieldError('linkDescription')}
          </div>
          <button
            type="button"
            className={buttonStyles.ghost}
            onClick={() => {
              setFields((f) => ({ ...f, linkUrl: '', linkTitle: '', linkDescription: '' }));
              setLinkOpen(false);
            }}
          >
            Remove link
          </button>
        </fieldset>
      ) : null}

      {photo ? (
        <div className="mt-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
          {photo.status === 'ready' && photo.src ? (
            // eslint-disable-next-line @next/next/no-img-element -- the API's picture of the uploaded photo
            <img src={photo.src} alt={`Photo to post: ${photo.file.name}`} className="max-h-64 rounded-lg object-contain" />
          ) : null}
          {photo.status !== 'ready' ? (
            <div>
              <label htmlFor={`${id}-progress`} className="text-sm">
                {photo.status === 'uploading' ? 'Uploading' : 'Upload stopped:'} {photo.file.name} ({formatBytes(photo.file.size)})
              </label>
              <div className="mt-1 flex items-center gap-3">
                <progress id={`${id}-progress`} max={100} value={photo.progress} className="h-2 flex-1 accent-indigo-600">
                  {photo.progress}%
                </progress>
                <span className="w-12 text-right text-sm tabular-nums" aria-hidden="true">
                  {photo.progress}%
                </span>
              </div>
            </div>
          ) : null}
          {photo.status === 'failed' ? (
            <p role="alert" className="mt-2 text-sm text-rose-700 dark:text-rose-300">
              {photo.message}
            </p>
          ) : null}
          <div className="mt-3 flex gap-2">
            {photo.status === 'failed' ? (
              <button type="button" className={buttonStyles.secondary} onClick={() => startUpload(photo.file)}>
                Retry
              </button>
            ) : null}
            <button type="button" className={buttonStyles.ghost} onClick={removePhoto}>
              Remove photo
            </button>
          </div>
          {fieldError('photoId')}
        </div>
      ) : null}
      {photoError ? (
        <p role="alert" className="mt-3 text-sm text-rose-700 dark:text-rose-300">
          {photoError}
        </p>
      ) : null}

      {formMessage ? (
        <p role="alert" className="mt-3 text-sm text-rose-700 dark:text-rose-300">
          {formMessage}
        </p>
      ) : null}

      <div className="mt-4 flex flex-wrap items-center gap-2">
        <label className={`${buttonStyles.ghost} cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600`}>
          <input
            ref={fileInput}
            type="file"
            accept={PHOTO_ACCEPT}
            className="sr-only"
            onChange={(e) => choose(e.target.files?.[0])}
            aria-describedby={`${id}-photo-hint`}
          />
          <ImageIcon className="size-5" />
          {photo ? 'Replace photo' : 'Add a photo'}
        </label>
        <span id={`${id}-photo-hint`} className="sr-only">
          JPEG, PNG, GIF or WebP, up to {formatBytes(maxPhotoBytes)}.
        </span>
        {!linkOpen ? (
          <button
            type="button"
            className={buttonStyles.ghost}
            onClick={() => {
              setLinkOpen(true);
              requestAnimationFrame(() => document.getElementById(`${id}-url`)?.focus());
            }}
          >
            <LinkIcon className="size-5" />
            Add a link
          </button>
        ) : null}
        <button type="submit" disabled={pending} className={`${buttonStyles.primary} ml-auto`}>
          {pending ? 'Posting…' : 'Post'}
        </button>
      </div>
    </form>
  );
}
