'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { sendUpload, type UploadOptions } from './use-upload';

// Many files to one upload route, a few at a time (useUpload is the one-file version): each
// file has its own state and progress, a failed one is retried without choosing it again, and
// removing or failing one leaves the others alone. The list keeps the order the files were
// added in until `reorder` changes it.

export type QueuedUpload<R> = {
  /** Stable for the life of the entry (React key, sortable id). */
  key: string;
  file: File;
} & (
  | { status: 'waiting' | 'uploading'; progress: number }
  | { status: 'failed'; progress: number; message: string }
  | { status: 'done'; progress: 100; result: R }
);

export type UploadQueueOptions<R> = UploadOptions<R> & {
  /** Files sent at the same time (2–3 keeps each one moving on a slow line). */
  concurrency?: number;
};

let counter = 0;
const nextKey = () => `u${Date.now().toString(36)}-${(counter += 1)}`;

export function useUploadQueue<R>(opts: UploadQueueOptions<R>) {
  const [entries, setEntries] = useState<Array<QueuedUpload<R>>>([]);
  const running = useRef(new Map<string, { abort(): void }>());
  const options = useRef(opts);
  options.current = opts;

  const update = useCallback((key: string, change: (e: QueuedUpload<R>) => QueuedUpload<R>) => {
    setEntries((list) => list.map((e) => (e.key === key ? change(e) : e)));
  }, []);

  // Starts waiting files, in list order, while there is room.
  useEffect(() => {
    const room = (options.current.concurrency ?? 3) - running.current.size;
    if (room <= 0) return;
    for (const entry of entries.filter((e) => e.status === 'waiting' && !running.current.has(e.key)).slice(0, room)) {
      const { key, file } = entry;
      const handle = sendUpload(file, options.current, (progress) =>
        update(key, (e) => (e.status === 'uploading' ? { ...e, progress } : e)),
      );
      running.current.set(key, handle);
      update(key, (e) => ({ key, file: e.file, status: 'uploading', progress: 0 }));
      void handle.done.then((outcome) => {
        if (running.current.get(key) !== handle) return; // removed meanwhile
        running.current.delete(key);
        const settled: QueuedUpload<R> = outcome.ok
          ? { key, file, status: 'done', progress: 100, result: outcome.result }
          : { key, file, status: 'failed', progress: 0, message: outcome.message };
        // A failed file keeps the progress it had made, to show where it stopped.
        update(key, (e) => (settled.status === 'failed' && e.status === 'uploading' ? { ...settled, progress: e.progress } : settled));
      });
    }
  }, [entries, update]);

  // Leaving the page stops what is still on its way.
  useEffect(() => {
    const map = running.current;
    return () => {
      for (const h of map.values()) h.abort();
      map.clear();
    };
  }, []);

  /** Adds files at the end, in the order given; answers their keys. */
  const add = useCallback((files: readonly File[]): string[] => {
    const added = files.map((file) => ({ key: nextKey(), file, status: 'waiting' as const, progress: 0 }));
    setEntries((list) => [...list, ...added]);
    return added.map((e) => e.key);
  }, []);

  /** Sends a failed file again. */
  const retry = useCallback((key: string) => {
    update(key, (e) => (e.status === 'failed' ? { key, file: e.file, status: 'waiting', progress: 0 } : e));
  }, [update]);

  /** Takes a file out of the list, stopping its upload if it is on its way. */
  const remove = useCallback((key: string) => {
    const handle = running.current.get(key);
    running.current.delete(key);
    handle?.abort();
    setEntries((list) => list.filter((e) => e.key !== key));
  }, []);

  /** The same entries in a new order. */
  const reorder = useCallback((next: ReadonlyArray<QueuedUpload<R>>) => {
    setEntries((list) => {
      const byKey = new Map(list.map((e) => [e.key, e]));
      const ordered = next.map((e) => byKey.get(e.key)).filter((e): e is QueuedUpload<R> => e !== undefined);
      // Anything added meanwhile stays, at the end.
      const seen = new Set(ordered.map((e) => e.key));
      return [...ordered, ...list.filter((e) => !seen.has(e.key))];
    });
  }, []);

  return { entries, add, retry, remove, reorder };
}
