'use client';

import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { callAction } from '@/lib/action-result';
import { routes } from '@/lib/routes';
import type { ComposedVideo } from '@/lib/social-api/videos';
import { parseComposeVideoUpload, videoStatusOf } from '@/lib/uploads/compose-upload';
import { formatBytes } from '@/lib/validations/photo-file';
import { composeVideoLinkSchema, VIDEO_DESCRIPTION_MAX, VIDEO_TITLE_MAX } from '@/lib/validations/video';
import { checkVideoBytes, VIDEO_ACCEPT, VIDEO_KINDS_TEXT } from '@/lib/validations/video-file';
import { fieldErrorsOf } from '@/lib/validations/field-errors';
import { useAnnounce } from '@/components/ui/announcer';
import { buttonStyles } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { progressOf, UploadProgress } from '@/components/ui/upload-progress';
import { useUpload } from '@/components/ui/use-upload';
import { STATUS_LABELS } from '@/components/videos/video-tile';
import { askVideoStates, isWaiting, VIDEO_STATES_EVERY_MS } from '@/components/videos/video-states';
import { attachVideoLink } from './actions';

// The compose box's video (components/feed/composer.tsx): a file uploaded at once through the BFF
// (app/api/upload/compose-video, streamed on to POST /videos/compose_upload) or a YouTube or
// Vimeo address (the same API path, by a server action); then its conversion followed until it
// can be played, and the title and description it takes on with the post.

/** The video as it stands now (its state and poster follow its conversion). */
type Added = ComposedVideo & { statusMessage: string };

/** The compose box's video: its state, and what the post sends of it. */
export function usePostVideo(maxBytes: number) {
  const announce = useAnnounce();
  const [open, setOpen] = useState(false);
  const upload = useUpload<ComposedVideo>({ url: routes.composeVideoUpload, fileField: 'Filedata', parse: parseComposeVideoUpload });
  const [linked, setLinked] = useState<ComposedVideo | null>(null);
  // What the poll learnt since, of the video added (by its id).
  const [now, setNow] = useState<Pick<Added, 'id' | 'status' | 'statusMessage' | 'thumb'> | null>(null);
  const [problem, setProblem] = useState('');
  const [linking, setLinking] = useState(false);
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');

  const done = upload.state?.status === 'done' ? upload.state.result : linked;
  const added: Added | null = done ? { ...done, statusMessage: '', ...(now?.id === done.id ? now : {}) } : null;
  const waitingId = added && isWaiting(added.status) ? added.id : 0;

  // While it converts, its state is asked for every few seconds.
  useEffect(() => {
    if (!waitingId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const loop = async () => {
      const state = (await askVideoStates([waitingId]))?.find((v) => v.id === waitingId);
      if (stopped) return;
      // The panel's status line says the change (role=status).
      if (state) setNow({ id: waitingId, status: videoStatusOf(state.status), statusMessage: state.statusMessage, thumb: state.thumb });
      if (!state || isWaiting(state.status)) timer = setTimeout(loop, VIDEO_STATES_EVERY_MS);
    };
    timer = setTimeout(loop, VIDEO_STATES_EVERY_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [waitingId]);

  const took = (video: ComposedVideo) => {
    setTitle(video.title);
    announce(isWaiting(video.status) ? `“${video.title}” is uploaded: it is being converted.` : `Video added: “${video.title}”.`);
  };

  const send = async (file: File) => {
    setProblem('');
    const res = await upload.start(file);
    if (res.ok) took(res.result);
    else if (!res.aborted) {
      // The route's reasons on its fields (a server that cannot convert names `type`): said on the upload.
      const reasons = (res.body as { field_errors?: Record<string, string> } | null)?.field_errors;
      if (reasons) setProblem(Object.values(reasons).join(' '));
    }
  };

  const choose = async (file: File) => {
    setProblem('');
    const refused = await checkVideoBytes(file, maxBytes);
    if (refused) setProblem(refused);
    else await send(file);
  };

  const addLink = async () => {
    const parsed = composeVideoLinkSchema.safeParse({ url });
    if (!parsed.success) {
      setProblem(Object.values(fieldErrorsOf(parsed.error)).join(' '));
      return;
    }
    setProblem('');
    setLinking(true);
    const res = await callAction(() => attachVideoLink(parsed.data));
    setLinking(false);
    if (!res.ok) {
      setProblem(res.fieldErrors?.url ?? res.message);
      return;
    }
    setLinked(res.data);
    took(res.data);
  };

  /** Back to no video, the panel closed (after the post, or when the person removes it). */
  const reset = () => {
    upload.cancel();
    setLinked(null);
    setNow(null);
    setProblem('');
    setUrl('');
    setTitle('');
    setDescription('');
    setOpen(false);
  };

  /** Why the post cannot carry it yet, or '' when it can (or there is none). */
  const notReady = (): string => {
    if (!open || added) return added?.status === 'conversion_failed' ? 'Your video could not be converted: remove it to post.' : '';
    if (upload.state?.status === 'uploading') return 'Wait for the video to finish uploading.';
    if (upload.state?.status === 'failed') return 'Retry the video upload or remove the video.';
    return url.trim() ? 'Add the video’s address, or remove the video.' : '';
  };

  return {
    open,
    setOpen,
    upload: upload.state,
    added,
    problem,
    linking,
    url,
    setUrl,
    title,
    setTitle,
    description,
    setDescription,
    choose,
    retry: () => upload.state && void send(upload.state.file),
    addLink,
    reset,
    notReady,
  };
}

export type PostVideo = ReturnType<typeof usePostVideo>;

export type ComposerVideoProps = {
  video: PostVideo;
  /** The compose form's id prefix. */
  id: string;
  maxBytes: number;
  /** The post's field errors about the video ('videoId', 'videoTitle', 'videoDescription'). */
  fieldError: (name: string) => ReactNode;
  /** "Remove video": the composer takes it away and puts the focus back. */
  onRemove: () => void;
};

/** The compose box's Video panel: choose a file or paste an address; then its state, its title and description. */
export function ComposerVideo({ video: v, id, maxBytes, fieldError, onRemove }: ComposerVideoProps) {
  const up = v.upload;
  const a = v.added;
  const onUrlKey = (e: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the video rather than sending the post.
    if (e.key === 'Enter') {
      e.preventDefault();
      void v.addLink();
    }
  };
  return (
    <fieldset className="mt-4 space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <legend className="px-1 text-sm font-medium">Video</legend>
      {a ? (
        <>
          <div className="flex flex-wrap items-center gap-3">
            {a.thumb ? <img src={a.thumb} alt="" className="h-20 w-auto rounded-lg bg-slate-900" /> : null}
            <p role="status" className="text-sm">
              <strong className="block">{a.status === 'processed' ? 'Ready to play' : STATUS_LABELS[a.status]}</strong>
              {a.status === 'processed'
                ? null
                : a.status === 'conversion_failed'
                  ? a.statusMessage
                  : 'You can post it now: it plays once converted.'}
            </p>
          </div>
          <div>
            <label htmlFor={`${id}-video-title`} className="text-sm">
              Video title
            </label>
            <input
              id={`${id}-video-title`}
              value={v.title}
              onChange={(e) => v.setTitle(e.target.value)}
              maxLength={VIDEO_TITLE_MAX}
              className="field"
            />
            {fieldError('videoTitle')}
          </div>
          <div>
            <label htmlFor={`${id}-video-description`} className="text-sm">
              Video description <span className="muted">(optional)</span>
            </label>
            <p id={`${id}-video-description-hint`} className="muted text-xs">
              What the video shows and says, for people who cannot see or hear it.
            </p>
            <textarea
              id={`${id}-video-description`}
              value={v.description}
              onChange={(e) => v.setDescription(e.target.value)}
              rows={2}
              maxLength={VIDEO_DESCRIPTION_MAX}
              aria-describedby={`${id}-video-description-hint`}
              className="field"
            />
            {fieldError('videoDescription')}
          </div>
        </>
      ) : up ? (
        <div>
          {up.status !== 'done' ? <UploadProgress id={`${id}-video-progress`} {...progressOf(up)} /> : null}
          {up.status === 'failed' ? (
            <>
              {/* The route's reasons, when it gave some, say it better (below). */}
              <FormError message={v.problem ? undefined : up.message} className="mt-2" />
              <button type="button" className={`${buttonStyles.secondary} mt-2`} onClick={v.retry}>
                Retry
              </button>
            </>
          ) : null}
        </div>
      ) : (
        <>
          <div>
            <label
              className={`${buttonStyles.secondary} cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600`}
            >
              <input
                id={`${id}-video-file`}
                type="file"
                accept={VIDEO_ACCEPT}
                className="sr-only"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) void v.choose(file);
                }}
                aria-describedby={`${id}-video-hint`}
              />
              Choose a video file
            </label>
            <p id={`${id}-video-hint`} className="muted mt-1 text-xs">
              {VIDEO_KINDS_TEXT}, up to {formatBytes(maxBytes)}. It is converted once uploaded.
            </p>
          </div>
          <div>
            <label htmlFor={`${id}-video-url`} className="text-sm">
              Or a YouTube or Vimeo address
            </label>
            <div className="mt-1 flex gap-2">
              <input
                id={`${id}-video-url`}
                type="url"
                inputMode="url"
                value={v.url}
                onChange={(e) => v.setUrl(e.target.value)}
                onKeyDown={onUrlKey}
                placeholder="https://www.youtube.com/watch?v=…"
                className="field mt-0 flex-1"
              />
              <button type="button" className={buttonStyles.secondary} disabled={v.linking} onClick={() => void v.addLink()}>
                {v.linking ? 'Adding…' : 'Add the video'}
              </button>
            </div>
          </div>
        </>
      )}
      <FormError message={v.problem} />
      {fieldError('videoId')}
      <button type="button" className={buttonStyles.ghost} onClick={onRemove}>
        Remove video
      </button>
    </fieldset>
  );
}
