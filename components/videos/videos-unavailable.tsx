import { SignInButton } from '@/components/auth/sign-in-button';
import type { VideosAccess } from '@/lib/videos/list';

/**
 * Videos where they cannot be shown, with the page's 200: a server without them (an extension of
 * the API), or a sign-in older than them, whose access does not cover them (signing in again asks
 * for it).
 */
export function VideosUnavailable({ access = 'absent' }: { access?: Exclude<VideosAccess, 'ok'> }) {
  return (
    <div className="mx-auto w-full max-w-2xl">
      <h1 className="text-2xl font-bold tracking-tight">Videos</h1>
      {access === 'absent' ? (
        <p className="card mt-4" role="status">
          This site does not have videos. The server it runs on offers no way to share or watch them, so there is nothing to show here.
        </p>
      ) : (
        <div className="card mt-4">
          <p>
            You signed in before this site had videos, so it may not show or add yours yet. Sign in again and allow &ldquo;videos&rdquo; to
            use them.
          </p>
          <SignInButton className="mt-4">Sign in again</SignInButton>
        </div>
      )}
    </div>
  );
}
