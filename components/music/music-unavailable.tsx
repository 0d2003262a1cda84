import { SignInButton } from '@/components/auth/sign-in-button';
import type { MusicAccess } from '@/lib/music/list';

/**
 * Music where it cannot be shown, with the page's 200: a server without it (an extension of the
 * API), or a sign-in older than it, whose access does not cover it (signing in again asks for it).
 */
export function MusicUnavailable({ access = 'absent' }: { access?: Exclude<MusicAccess, 'ok'> }) {
  return (
    <div className="mx-auto w-full max-w-2xl">
      <h1 className="text-2xl font-bold tracking-tight">Music</h1>
      {access === 'absent' ? (
        <p className="card mt-4" role="status">
          This site does not have music. The server it runs on offers no way to share or play songs, so there is nothing to show here.
        </p>
      ) : (
        <div className="card mt-4">
          <p>
            You signed in before this site had music, so it may not show or add your songs yet. Sign in again and allow &ldquo;music&rdquo;
            to use it.
          </p>
          <SignInButton className="mt-4">Sign in again</SignInButton>
        </div>
      )}
    </div>
  );
}
