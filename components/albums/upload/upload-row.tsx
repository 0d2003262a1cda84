'use client';

import type { ReactNode } from 'react';
import { buttonStyles } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { UploadProgress } from '@/components/ui/upload-progress';
import type { QueuedUpload } from '@/components/ui/use-upload-queue';
import { formatBytes } from '@/lib/validations/photo-file';

// One photo being added (the "Add photos" page, a listing's editor), or a song (a playlist's, without
// a preview): its handle to move it where there is an order, a preview, its upload as it goes (waiting, a progress bar, uploaded, or why
// it failed with Retry), what the page adds (a caption, say), and Remove.

export type UploadRowProps = {
  entry: QueuedUpload<unknown>;
  /** An object URL of the file, shown before the upload is done ('' for none: a song). */
  preview: string;
  handle?: ReactNode;
  /** What "waiting" means here. */
  waitingText?: string;
  /** What "done" means here ("Uploaded"). */
  doneText?: string;
  /** Below the upload's state: the page's own fields for this photo. */
  children?: ReactNode;
  onRetry: () => void;
  onRemove: () => void;
  disabled?: boolean;
};

export function UploadRow({
  entry,
  preview,
  handle,
  waitingText = 'Waiting to upload',
  doneText = 'Uploaded',
  children,
  onRetry,
  onRemove,
  disabled,
}: UploadRowProps) {
  const { file } = entry;
  const progressId = `upload-${entry.key}`;
  return (
    <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-2 dark:border-slate-700 dark:bg-slate-900">
      {handle}
      {/* The name beside it says what it is. */}
      {preview ? (
        <img
          src={preview}
          alt=""
          width={64}
          height={64}
          className="size-16 shrink-0 rounded-lg bg-slate-100 object-cover dark:bg-slate-800"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        {entry.status === 'done' ? (
          <p className="text-sm">
            <span className="block truncate font-medium">{file.name}</span>
            <span className="text-emerald-700 dark:text-emerald-400">{doneText}</span>
            <span className="muted"> · {formatBytes(file.size)}</span>
          </p>
        ) : entry.status === 'waiting' ? (
          <p className="text-sm">
            <span className="block truncate font-medium">{file.name}</span>
            <span className="muted">
              {waitingText} · {formatBytes(file.size)}
            </span>
          </p>
        ) : (
          <>
            <UploadProgress
              id={progressId}
              fileName={file.name}
              size={file.size}
              percent={entry.progress}
              stopped={entry.status === 'failed'}
            />
            {entry.status === 'failed' ? <FormError message={entry.message} className="mt-1" /> : null}
          </>
        )}
        {children}
      </div>
      {entry.status === 'failed' ? (
        <button type="button" className={buttonStyles.secondary} onClick={onRetry} disabled={disabled} aria-label={`Retry ${file.name}`}>
          Retry
        </button>
      ) : null}
      <button type="button" className={buttonStyles.ghost} onClick={onRemove} disabled={disabled} aria-label={`Remove ${file.name}`}>
        Remove
      </button>
    </div>
  );
}
