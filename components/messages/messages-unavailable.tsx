import { SignInButton } from '@/components/auth/sign-in-button';
import type { MessagesAccess } from '@/lib/messages/list';

/**
 * Messages where they cannot be read: a site without them (said calmly, as /notifications does
 * on a server without its list), or a sign-in older than them, whose access does not cover them
 * (signing in again asks for it).
 */
export function MessagesUnavailable({ access }: { access: Exclude<MessagesAccess, 'ok'> }) {
  if (access === 'absent') {
    return <p className="muted mt-6">This site does not have private messages. You can still comment on what people share.</p>;
  }
  return (
    <div className="card mt-6 max-w-xl">
      <p>
        You signed in before this site had private messages, so it may not read or send yours yet. Sign in again and allow
        &ldquo;messages&rdquo; to use them.
      </p>
      <SignInButton className="mt-4">Sign in again</SignInButton>
    </div>
  );
}
