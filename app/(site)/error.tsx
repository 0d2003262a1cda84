'use client';

import { useEffect, useRef, useState } from 'react';
import { buttonStyles } from '@/components/ui/button';
import { Container } from '@/components/ui/container';

export type ErrorPageProps = {
  error: unknown;
  retry: () => void;
};

// Waits between attempts to recover by itself: most failures here are the API being briefly
// down, and the person should not have to keep pressing the button.
const BACKOFF_SECONDS = [5, 10, 20, 30];

/**
 * A page that could not be shown. Never the error's text: in production Next replaces it for
 * errors from the server anyway, and whatever it says is not for the reader.
 */
export default function ErrorPage({ retry }: ErrorPageProps) {
  const [attempt, setAttempt] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  useEffect(() => {
    const delay = BACKOFF_SECONDS[Math.min(attempt, BACKOFF_SECONDS.length - 1)]! * 1000;
    const timer = setTimeout(() => {
      if (document.visibilityState === 'visible') retry();
      setAttempt((a) => a + 1);
    }, delay);
    return () => clearTimeout(timer);
  }, [attempt, retry]);

  return (
    <Container className="flex flex-col items-start py-24 sm:py-32">
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight text-slate-900 outline-none sm:text-4xl dark:text-white">
        This page could not be shown
      </h1>
      <p className="mt-4 max-w-xl text-slate-600 dark:text-slate-400">
        Something went wrong while getting it ready, usually because the site behind it did not answer. This page tries again by itself; you
        can also try now.
      </p>
      <button type="button" onClick={() => retry()} className={`${buttonStyles.primary} mt-8`}>
        Try again
      </button>
    </Container>
  );
}
