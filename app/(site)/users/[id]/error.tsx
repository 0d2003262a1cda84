'use client';

import { useEffect } from 'react';

export type WallErrorProps = { error: Error & { digest?: string }; retry: () => void };

// Server errors reach the browser without their message (Next hides it in production); the
// text says what a person can do instead.
export default function WallError({ error, retry }: WallErrorProps) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div role="alert" className="mt-8 rounded-2xl border border-rose-200 bg-rose-50 p-6 dark:border-rose-900 dark:bg-rose-950/40">
      <h2 className="text-lg font-semibold text-rose-900 dark:text-rose-100">This wall could not be loaded</h2>
      <p className="mt-2 text-sm text-rose-800 dark:text-rose-200">
        The site did not answer in time or had a problem. It usually comes back by itself in a moment.
      </p>
      <button
        type="button"
        onClick={() => retry()}
        className="mt-4 inline-flex items-center rounded-lg bg-rose-700 px-4 py-2 text-sm font-semibold text-white hover:bg-rose-600"
      >
        Try again
      </button>
    </div>
  );
}
