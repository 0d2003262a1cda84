'use client';

import dynamic from 'next/dynamic';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { ComposeLimits } from '@/lib/feed/compose-limits';
import { COMPOSE_UPLOAD_URL, parseComposeUpload } from '@/lib/uploads/compose-upload';
import { ACTIVITY_BODY_MAX, LINK_TITLE_MAX, URL_MAX } from '@/lib/validations/limits';
import { checkPhotoFile, formatBytes, PHOTO_ACCEPT, PHOTO_DESCRIPTION_MAX } from '@/lib/validations/photo-file';
import { SONG_ACCEPT } from '@/lib/validations/song-file';
import { useViewer } from '@/components/auth/viewer-context';
import { useAnnounce } from '@/components/ui/announcer';
import { useEarlyText, useFileInput } from '@/components/ui/use-early-input';
import { Avatar } from '@/components/ui/avatar';
import { buttonStyles } from '@/components/ui/button';
import { FileButton } from '@/components/ui/file-button';
import { FormError } from '@/components/ui/form-error';
import { lazySchema, SCHEMA_NOT_LOADED } from '@/components/ui/lazy-resolver';
import { LinkIcon, MusicIcon, PhotoIcon, VideoIcon } from '@/components/ui/icons';
import { progressOf, UploadProgress } from '@/components/ui/upload-progress';
import { DescriptionReminder, wantsDescriptionReminder } from '@/components/photos/description-reminder';
import { useAction } from '@/components/ui/use-action';
import { useDraft } from '@/components/ui/use-draft';
import { useUpload } from '@/components/ui/use-upload';
import { createPost } from './actions';
import { usePostSong } from './use-post-song';
import { usePostVideo } from './use-post-video';
import { useFeed } from './feed-context';
import { LinkCard, LinkLookupStatus, useLinkCard, type LinkCardData } from './link-card';

// The Video panel loads when the person opens it (the feed's first load holds its state only).
const ComposerVideo = dynamic(() => import('./composer-video').then((m) => m.ComposerVideo));
// The Song panel, once a song is chosen.
const ComposerSong = dynamic(() => import('./composer-song').then((m) => m.ComposerSong));

/** The compose box's photo route (app/api/upload/compose): streams the file on to the API. */

interface Draft {
  body: string;
  linkUrl: string;
  linkTitle: string;
  linkDescription: string;
  /** The link card's picture on its own site, and where this page shows it (the image route). */
  linkThumb: string;
  linkThumbSrc: string;
  /** The address as typed or pasted, when the link is a card found in the text ('' when typed in the link fields). */
  linkTyped: string;
}

function parseDraft(raw: unknown): Draft | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const d = raw as Partial<Record<keyof Draft, unknown>>;
  const s = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    body: s(d.body),
    linkUrl: s(d.linkUrl),
    linkTitle: s(d.linkTitle),
    linkDescription: s(d.linkDescription),
    linkThumb: s(d.linkThumb),
    linkThumbSrc: s(d.linkThumbSrc).startsWith('/api/image?') ? s(d.linkThumbSrc) : '',
    linkTyped: s(d.linkTyped),
  };
}
const isBlank = (d: Draft) => !d.body && !d.linkUrl && !d.linkTitle && !d.linkDescription;
const NO_LINK = { linkUrl: '', linkTitle: '', linkDescription: '', linkThumb: '', linkThumbSrc: '', linkTyped: '' };

export type ComposerProps = ComposeLimits & {
  /** Posting on a friend's wall; the viewer's own wall when absent. */
  wallId?: number;
  /** The friend's name, for the prompt ("Write something to Alice…"). */
  wallOwner?: string;
  /** Posting on a group's wall (docs/api.md, "Groups": the wall); its photo goes into the poster's "Group Photos". */
  group?: { id: number; title: string };
};

const EMPTY: Draft = { body: '', ...NO_LINK };

const inputCls = 'field';
/** The fields with an error line of their own. */
const FIELDS = [
  'body',
  'linkUrl',
  'linkTitle',
  'linkDescription',
  'photoId',
  'photoDescription',
  'videoId',
  'videoTitle',
  'videoDescription',
  'songId',
];

/**
 * The form's schema (zod), loaded after the page rather than with it: zod was ~19 KiB of the
 * feed's first-load JavaScript (docs/web/rendering.md, "Code that waits for a click loads on the
 * click"). The server action checks again with the same schema.
 */
const composeSchema = lazySchema(() => import('@/lib/validations/activity').then((m) => m.activityCreateSchema));

/**
 * The compose box: text, an optional link, photo, video or song. The text is kept as a draft in this
 * browser until it is posted; a post that fails keeps everything and shows why.
 */
export function Composer({ maxPhotoBytes, maxVideoBytes, maxSongBytes, wallId, wallOwner, group }: ComposerProps) {
  const feed = useFeed();
  const viewer = useViewer();
  const announce = useAnnounce();
  const id = useId();
  const [fields, setFields, clearFields] = useDraft<Draft>({
    storageKey: viewer ? `compose:${viewer.id}${group ? `:group:${group.id}` : wallId ? `:wall:${wallId}` : ''}` : null,
    empty: EMPTY,
    parse: parseDraft,
    isEmpty: isBlank,
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const upload = useUpload({
    url: COMPOSE_UPLOAD_URL,
    fileField: 'Filedata',
    fields: { type: group ? 'group' : 'wall' },
    parse: parseComposeUpload,
  });
  const photo = upload.state;
  const [photoError, setPhotoError] = useState('');
  // The photo's description (its alt text), and whether the reminder to write one shows.
  const [photoDescription, setPhotoDescription] = useState('');
  const [reminding, setReminding] = useState(false);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const { pending, problem, setProblem, run, invalid, clearFieldError } = useAction();
  const fileInput = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const video = usePostVideo(maxVideoBytes ?? 0);
  const videoButton = useRef<HTMLButtonElement>(null);
  const song = usePostSong(maxSongBytes ?? 0);
  const songInput = useRef<HTMLInputElement>(null);
  const sending = useRef(false);

  // A link found in the text shows as a card; one typed in the link fields keeps them open.
  const isCard = !!fields.linkTyped && !!fields.linkUrl;
  // A draft with a typed link opens the link fields.
  if (!linkOpen && !fields.linkTyped && (fields.linkUrl || fields.linkTitle || fields.linkDescription)) setLinkOpen(true);

  const linkCard = useLinkCard({
    text: fields.body,
    // Only while the post has no link and no photo (a post carries one attachment).
    active: !fields.linkUrl && !linkOpen && !upload.state && !video.open && !song.upload,
    onCard: (card: LinkCardData, typed: string) => {
      setFields((f) => ({
        ...f,
        linkUrl: card.url,
        linkTitle: card.title,
        linkDescription: card.description,
        linkThumb: card.thumb,
        linkThumbSrc: card.thumbSrc,
        linkTyped: typed,
      }));
      announce(`Link preview added: ${card.title || card.url}.`);
    },
  });
  const removeCard = () => {
    linkCard.dismiss(fields.linkTyped);
    setFields((f) => ({ ...f, ...NO_LINK }));
    announce('Link preview removed.');
    bodyRef.current?.focus();
  };

  const set = (name: keyof Draft) => (value: string) => {
    setFields((f) => ({ ...f, [name]: value }));
    clearFieldError(name);
  };

  const startUpload = (file: File) => {
    void upload.start(file).then((res) => {
      if (res.ok) announce('The photo is uploaded.');
    });
  };

  const choose = (file: File) => {
    setPhotoError('');
    const problem = checkPhotoFile(file, maxPhotoBytes);
    if (fileInput.current) fileInput.current.value = '';
    if (problem) {
      setPhotoError(problem);
      return;
    }
    clearFieldError('photoId');
    startUpload(file);
  };
  const onPhotoChange = useFileInput(fileInput, (files) => choose(files[0]!));
  // Typed before the script ran: kept, over a draft this browser had saved.
  useEarlyText(bodyRef, set('body'));

  const removePhoto = () => {
    upload.cancel();
    setPhotoError('');
    setPhotoDescription('');
    setReminding(false);
    fileInput.current?.focus();
  };

  const submit = async (e?: FormEvent, { remind = true } = {}) => {
    e?.preventDefault();
    setReminding(false);
    if (photo && photo.status !== 'done') {
      const message =
        photo.status === 'uploading' ? 'Wait for the photo to finish uploading.' : 'Retry the photo upload or remove the photo.';
      setProblem((p) => ({ message, fieldErrors: p?.fieldErrors }));
      return;
    }
    const mediaProblem = video.notReady() || song.notReady();
    if (mediaProblem) {
      setProblem((p) => ({ message: mediaProblem, fieldErrors: p?.fieldErrors }));
      return;
    }
    const photoId = photo?.status === 'done' ? photo.result.photoId : undefined;
    if (photoId && remind && !photoDescription.trim() && wantsDescriptionReminder()) {
      setReminding(true);
      return;
    }
    const videoId = video.added?.id;
    const values = {
      ...fields,
      photoId,
      photoDescription: photoId ? photoDescription : '',
      videoId,
      videoTitle: videoId ? video.title : '',
      videoDescription: videoId ? video.description : '',
      songId: song.added?.id,
    };
    // One send at a time: a second click while the schema loads (or before the form is disabled) would post twice.
    if (sending.current) return;
    sending.current = true;
    try {
      const schema = await composeSchema().catch(() => undefined);
      if (!schema) {
        setProblem({ message: SCHEMA_NOT_LOADED });
        return;
      }
      const parsed = schema.safeParse(values);
      if (!parsed.success) {
        invalid(parsed.error, FIELDS);
        bodyRef.current?.focus();
        return;
      }
      const res = await run(() => createPost({ ...values, wallId, groupId: group?.id }));
      // On a failure everything typed (and the uploaded photo) stays; the API's reasons go beside the fields.
      if (!res.ok) return;
      clearFields();
      linkCard.reset();
      setLinkOpen(false);
      upload.cancel();
      setPhotoDescription('');
      video.reset();
      song.reset();
      if (feed && (feed.showsOwnPosts || wallId || group)) feed.prepend([res.data]);
      announce('Your post was published.');
    } finally {
      sending.current = false;
    }
  };

  const err = (name: string) => problem?.fieldErrors?.[name];
  const describedBy = (name: string) => (err(name) ? `${id}-${name}-error` : undefined);
  const fieldError = (name: string) =>
    err(name) ? (
      <p id={`${id}-${name}-error`} className="error-text mt-1">
        {err(name)}
      </p>
    ) : null;

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="card">
      <h2 id={`${id}-title`} className="sr-only">
        Create a post
      </h2>
      <div className="flex gap-3">
        {viewer ? <Avatar person={viewer} /> : null}
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-body`} className="text-sm font-medium text-slate-700 dark:text-slate-300">
            {group
              ? `Write something to ${group.title}…`
              : wallOwner
                ? `Write something to ${wallOwner.split(' ')[0]}…`
                : `What’s on your mind${viewer ? `, ${viewer.name.split(' ')[0]}` : ''}?`}
          </label>
          <textarea
            id={`${id}-body`}
            ref={bodyRef}
            data-kb-key="c"
            value={fields.body}
            onChange={(e) => set('body')(e.target.value)}
            onPaste={(e) => linkCard.pasted(e.clipboardData.getData('text'))}
            rows={3}
            maxLength={ACTIVITY_BODY_MAX}
            aria-invalid={err('body') ? true : undefined}
            aria-describedby={describedBy('body')}
            className={inputCls}
          />
          {fieldError('body')}
        </div>
      </div>

      {isCard ? (
        <>
          <LinkCard
            card={{ url: fields.linkUrl, title: fields.linkTitle, description: fields.linkDescription, thumbSrc: fields.linkThumbSrc }}
            onRemove={removeCard}
          />
          {fieldError('linkUrl')}
        </>
      ) : (
        <LinkLookupStatus lookup={linkCard.lookup} />
      )}

      {linkOpen && !isCard ? (
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
              setFields((f) => ({ ...f, ...NO_LINK }));
              setLinkOpen(false);
            }}
          >
            Remove link
          </button>
        </fieldset>
      ) : null}

      {photo ? (
        <div className="mt-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
          {photo.status === 'done' && photo.result.src ? (
            // eslint-disable-next-line jsx-a11y/img-redundant-alt -- names the post's attachment (its photo, and which file), not the medium
            <img src={photo.result.src} alt={`Photo to post: ${photo.file.name}`} className="max-h-64 rounded-lg object-contain" />
          ) : null}
          {photo.status !== 'done' ? <UploadProgress id={`${id}-progress`} {...progressOf(photo)} /> : null}
          {photo.status === 'failed' ? <FormError message={photo.message} className="mt-2" /> : null}
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
          <div className="mt-3">
            <label htmlFor={`${id}-photo-description`} className="text-sm font-medium">
              Description <span className="muted font-normal">(alt text)</span>
            </label>
            <p id={`${id}-photo-description-hint`} className="muted text-xs">
              What the photo shows, for people who cannot see it. Everyone can read it from the photo’s ALT.
            </p>
            <textarea
              id={`${id}-photo-description`}
              ref={descriptionRef}
              value={photoDescription}
              onChange={(e) => {
                setPhotoDescription(e.target.value);
                clearFieldError('photoDescription');
              }}
              rows={2}
              maxLength={PHOTO_DESCRIPTION_MAX}
              aria-invalid={err('photoDescription') ? true : undefined}
              aria-describedby={[`${id}-photo-description-hint`, describedBy('photoDescription')].filter(Boolean).join(' ')}
              className={inputCls}
            />
            {fieldError('photoDescription')}
          </div>
        </div>
      ) : null}
      {video.open && maxVideoBytes ? (
        <ComposerVideo
          video={video}
          id={id}
          maxBytes={maxVideoBytes}
          fieldError={fieldError}
          onRemove={() => {
            video.reset();
            requestAnimationFrame(() => videoButton.current?.focus());
          }}
        />
      ) : null}
      {song.upload ? (
        <ComposerSong
          song={song}
          id={id}
          fieldError={fieldError}
          onRemove={() => {
            song.reset();
            requestAnimationFrame(() => songInput.current?.focus());
          }}
        />
      ) : null}
      <FormError message={song.problem} className="mt-3" />
      {reminding ? (
        <DescriptionReminder
          onPostAnyway={() => void submit(undefined, { remind: false })}
          onAddDescription={() => {
            setReminding(false);
            descriptionRef.current?.focus();
          }}
        />
      ) : null}
      <FormError message={photoError} className="mt-3" />
      <FormError message={problem?.message} signedOut={problem?.signedOut} className="mt-3" />

      <div className="mt-4 flex flex-wrap items-center gap-2">
        <label className={`${buttonStyles.ghost} cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600`}>
          <input
            ref={fileInput}
            type="file"
            accept={PHOTO_ACCEPT}
            className="sr-only"
            onChange={onPhotoChange}
            aria-describedby={`${id}-photo-hint`}
          />
          <PhotoIcon className="size-5" />
          {photo ? 'Replace photo' : 'Add a photo'}
        </label>
        <span id={`${id}-photo-hint`} className="sr-only">
          JPEG, PNG, GIF or WebP, up to {formatBytes(maxPhotoBytes)}.
        </span>
        {!linkOpen && !isCard ? (
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
        {maxVideoBytes && !video.open ? (
          <button
            ref={videoButton}
            type="button"
            className={buttonStyles.ghost}
            onClick={() => {
              video.setOpen(true);
            }}
          >
            <VideoIcon className="size-5" />
            Add a video
          </button>
        ) : null}
        {maxSongBytes && !song.upload ? (
          <FileButton accept={SONG_ACCEPT} inputRef={songInput} onFile={(file) => void song.choose(file)}>
            <MusicIcon className="size-5" />
            Add a song
          </FileButton>
        ) : null}
        <button type="submit" disabled={pending} className={`${buttonStyles.primary} ml-auto`}>
          {pending ? 'Posting…' : 'Post'}
        </button>
      </div>
    </form>
  );
}
