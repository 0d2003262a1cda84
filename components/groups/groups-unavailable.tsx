import { SignInButton } from '@/components/auth/sign-in-button';
import type { GroupsAccess } from '@/lib/groups/list';

/**
 * Groups where they cannot be read: a site without them (said calmly: the page answers 200), or a
 * sign-in older than them, whose access does not cover them (signing in again asks for it).
 */
export function GroupsUnavailable({ access }: { access: Exclude<GroupsAccess, 'ok'> }) {
  if (access === 'absent') {
    return (
      <p className="card mt-6 max-w-xl">
        This site does not have groups. You can still share with your friends on your wall, and meet people at events.
      </p>
    );
  }
  return (
    <div className="card mt-6 max-w-xl">
      <p>
        You signed in before this site had groups, so it may not read yours yet. Sign in again and allow &ldquo;groups&rdquo; to use them.
      </p>
      <SignInButton className="mt-4">Sign in again</SignInButton>
    </div>
  );
}
