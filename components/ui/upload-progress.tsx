import { formatBytes } from '@/lib/validations/photo-file';
import type { UploadState } from './use-upload';

export type UploadProgressProps = {
  id: string;
  fileName: string;
  size: number;
  percent: number;
  /** Stopped (failed) rather than still going. */
  stopped?: boolean;
};

/** A file's upload: its name and size, a progress bar with the percentage. */
export function UploadProgress({ id, fileName, size, percent, stopped = false }: UploadProgressProps) {
  return (
    <div>
      <label htmlFor={id} className="text-sm">
        {stopped ? 'Upload stopped:' : 'Uploading'} {fileName} ({formatBytes(size)})
      </label>
      <div className="mt-1 flex items-center gap-3">
        <progress id={id} max={100} value={percent} className="h-2 flex-1 accent-indigo-600">
          {percent}%
        </progress>
        <span className="w-12 text-right text-sm tabular-nums" aria-hidden="true">
          {percent}%
        </span>
      </div>
    </div>
  );
}

/** What UploadProgress shows of an upload under way or stopped (useUpload's state). */
export function progressOf(state: Exclude<UploadState<unknown>, { status: 'done' }>): Omit<UploadProgressProps, 'id'> {
  return { fileName: state.file.name, size: state.file.size, percent: state.progress, stopped: state.status === 'failed' };
}
