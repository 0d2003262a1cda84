'use client';

import { useEffect, useState } from 'react';
import { callAction } from '@/lib/action-result';
import { routes } from '@/lib/routes';
import type { ComposedVideo } from '@/lib/social-api/videos';
import { parseComposeVideoUpload, videoStatusOf } from '@/lib/uploads/compose-upload';
import { fieldErrorsOf } from '@/lib/validations/field-errors';
import { useAnnounce } from '@/components/ui/announcer';
import { useUpload } from '@/components/ui/use-upload';
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
    const { checkVideoBytes } = await import('@/lib/validations/video-file');
    const refused = await checkVideoBytes(file, maxBytes);
    if (refused) setProblem(refused);
    else await send(file);
  };

  const addLink = async () => {
    const { composeVideoLinkSchema } = await import('@/lib/validations/video');
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
