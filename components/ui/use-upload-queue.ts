'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { useLatest } from './use-latest';
import { sendUpload, type UploadOptions, type UploadOutcome } from './use-upload';

// Many files to one upload route, a few at a time (useUpload is the one-file version): each
// file has its own state and progress, a failed one is retried without choosing it again, and
// removing or failing one leaves the others alone. The list keeps the order the files were
// added in until `reorder` changes it. While `paused`, added files wait (a listing's photos wait
// for the listing); `send` starts one of them at once with other options, and `whenIdle` answers
// once nothing is waiting or on its way.

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
  /** Added files wait until this turns false. */
  paused?: boolean;
};

const busy = (e: QueuedUpload<unknown>) => e.status === 'waiting' || e.status === 'uploading';

let counter = 0;
const nextKey = () => `u${Date.now().toString(36)}-${(counter += 1)}`;

export function useUploadQueue<R>(opts: UploadQueueOptions<R>) {
  const [entries, setEntries] = useState<Array<QueuedUpload<R>>>([]);
  const running = useRef(new Map<string, { abort(): void }>());
  const options = useLatest(opts);

  const update = useCallback((key: string, change: (e: QueuedUpload<R>) => QueuedUpload<R>) => {
    setEntries((list) => list.map((e) => (e.key === key ? change(e) : e)));
  }, []);

  /** Starts one entry's upload with these options; the entry shows its progress and outcome. */
  const begin = useCallback(
    (key: string, file: File, opts: UploadOptions<R>): Promise<UploadOutcome<R>> => {
      const handle = sendUpload(file, opts, (progress) => update(key, (e) => (e.status === 'uploading' ? { ...e, progress } : e)));
      running.current.set(key, handle);
      update(key, (e) => ({ key, file: e.file, status: 'uploading', progress: 0 }));
      return handle.done.then((outcome) => {
        if (running.current.get(key) !== handle) return outcome; // removed meanwhile
        running.current.delete(key);
        const settled: QueuedUpload<R> = outcome.ok
          ? { key, file, status: 'done', progress: 100, result: outcome.result }
          : { key, file, status: 'failed', progress: 0, message: outcome.message };
        // A failed file keeps the progress it had made, to show where it stopped.
        update(key, (e) => (settled.status === 'failed' && e.status === 'uploading' ? { ...settled, progress: e.progress } : settled));
        return outcome;
      });
    },
    [update],
  );

  // Starts waiting files, in list order, while there is room.
  const paused = opts.paused ?? false;
  useEffect(() => {
    if (paused) return;
    const room = (options.current.concurrency ?? 3) - running.current.size;
    if (room <= 0) return;
    for (const { key, file } of entries.filter((e) => e.status === 'waiting' && !running.current.has(e.key)).slice(0, room)) {
      void begin(key, file, options.current);
    }
  }, [entries, paused, begin, options]);

  // Whoever waits for the queue to be idle is told once it is.
  const latest = useRef(entries);
  const idleWaiters = useRef<Array<() => void>>([]);
  useEffect(() => {
    latest.current = entries;
    if (entries.some(busy)) return;
    const waiters = idleWaiters.current;
    idleWaiters.current = [];
    for (const w of waiters) w();
  }, [entries]);

  /** Answers once no file is waiting or on its way (while paused, waiting files never go: unpause first). */
  const whenIdle = useCallback(
    () =>
      new Promise<void>((resolve) => {
        if (latest.current.some(busy)) idleWaiters.current.push(resolve);
        else resolve();
      }),
    [],
  );

  /** Sends one waiting (or failed) entry now, with these options in place of the queue's. */
  const send = useCallback(
    (key: string, over: Partial<UploadOptions<R>>): Promise<UploadOutcome<R>> => {
      const entry = latest.current.find((e) => e.key === key);
      if (!entry || running.current.has(key)) return Promise.resolve({ ok: false, message: 'This photo is not waiting to upload.' });
      return begin(key, entry.file, { ...options.current, ...over });
    },
    [begin, options],
  );

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
  const retry = useCallback(
    (key: string) => {
      update(key, (e) => (e.status === 'failed' ? { key, file: e.file, status: 'waiting', progress: 0 } : e));
    },
    [update],
  );

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

  return { entries, add, retry, remove, reorder, send, whenIdle };
}
