'use client';

import { useEffect, type KeyboardEvent, type ReactNode } from 'react';
import { formatBytes } from '@/lib/validations/photo-file';
import { VIDEO_DESCRIPTION_MAX, VIDEO_TITLE_MAX } from '@/lib/validations/limits';
import { VIDEO_ACCEPT, VIDEO_KINDS_TEXT } from '@/lib/validations/video-file';
import { buttonStyles } from '@/components/ui/button';
import { FileButton } from '@/components/ui/file-button';
import { FormError } from '@/components/ui/form-error';
import { progressOf, UploadProgress } from '@/components/ui/upload-progress';
import { STATUS_LABELS } from '@/components/videos/video-tile';
import type { PostVideo } from './use-post-video';

// The compose box's Video panel (components/feed/composer.tsx loads it when the person opens it;
// its state is use-post-video.ts).

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
  // Opened by "Add a video": the file's button takes the focus once the panel is here.
  useEffect(() => {
    document.getElementById(`${id}-video-file`)?.focus();
  }, [id]);
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
            <FileButton
              look="secondary"
              id={`${id}-video-file`}
              accept={VIDEO_ACCEPT}
              onFile={(file) => void v.choose(file)}
              aria-describedby={`${id}-video-hint`}
            >
              Choose a video file
            </FileButton>
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
