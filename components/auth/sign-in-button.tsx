'use client';

import { type ReactNode, useState } from 'react';

export type SignInButtonProps = {
  /** Where to land after signing in (a local path); the current page when absent. */
  callbackUrl?: string;
  className?: string;
  children?: ReactNode;
};

/** The page the person is on, without the notes the sign-in pages add to it. */
function currentPage(): string {
  const url = new URL(window.location.href);
  url.searchParams.delete('signed_out');
  return url.pathname + url.search;
}

/**
 * Starts the OAuth sign-in. What next-auth's signIn('social') does, without its client
 * library: fetch a CSRF token, POST it to the provider's sign-in route, and follow the
 * authorize URL it answers (PKCE and state cookies are set by that answer).
 */
export function SignInButton({ callbackUrl, className = '', children = 'Sign in' }: SignInButtonProps) {
  const [state, setState] = useState<'idle' | 'pending' | 'failed'>('idle');

  async function start() {
    setState('pending');
    try {
      const csrf = await fetch('/api/auth/csrf', { cache: 'no-store' });
      const { csrfToken } = (await csrf.json()) as { csrfToken?: string };
      if (!csrfToken) throw new Error('no CSRF token');
      const res = await fetch('/api/auth/signin/social', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrfToken, callbackUrl: callbackUrl ?? currentPage(), json: 'true' }),
        cache: 'no-store',
      });
      const { url } = (await res.json()) as { url?: string };
      if (!res.ok || !url) throw new Error('no authorize URL');
      window.location.assign(url);
    } catch {
      setState('failed');
    }
  }

  return (
    <span className="inline-flex flex-col items-start gap-2">
      <button
        type="button"
        onClick={start}
        disabled={state === 'pending'}
        aria-busy={state === 'pending'}
        className={`inline-flex items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-wait disabled:opacity-75 ${className}`}
      >
        {state === 'pending' ? (
          <span aria-hidden="true" className="size-3.5 animate-spin rounded-full border-2 border-white/40 border-t-white" />
        ) : null}
        {children}
      </button>
      {state === 'failed' ? (
        <span role="alert" className="text-sm text-red-700 dark:text-red-400">
          Signing in could not start. Please check your connection and try again.
        </span>
      ) : null}
    </span>
  );
}
