'use client';

import { buttonStyles } from '@/components/ui/button';
import './globals.css';

export type GlobalErrorProps = {
  error: unknown;
  retry: () => void;
};

/** When even the root layout failed: its own document, the same words, a way to retry. */
export default function GlobalError({ retry }: GlobalErrorProps) {
  return (
    <html lang="en">
      <body className="flex min-h-dvh flex-col">
        <title>Something went wrong · Social</title>
        <main className="mx-auto w-full max-w-6xl flex-1 px-6 py-24 sm:py-32 lg:px-8">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">This page could not be shown</h1>
          <p className="mt-4 max-w-xl text-slate-600 dark:text-slate-400">
            Something went wrong while getting it ready. Please try again in a moment.
          </p>
          <div className="mt-8 flex gap-4">
            <button type="button" onClick={() => retry()} className={buttonStyles.primary}>
              Try again
            </button>
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a plain link: the client router may be what failed */}
            <a
              href="/"
              className="inline-flex items-center rounded-lg px-4 py-2.5 text-sm font-semibold text-indigo-700 hover:bg-indigo-50 dark:text-indigo-300 dark:hover:bg-slate-800"
            >
              Go to the home page
            </a>
          </div>
        </main>
      </body>
    </html>
  );
}
