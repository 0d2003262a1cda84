import type { PrivacySettingsProps } from '@/lib/messages/settings';
import { routes } from '@/lib/routes';
import { BlockedList } from './blocked-list';
import { MessagesUnavailable } from './messages-unavailable';
import { PrivacyForm } from './privacy-form';

/** /settings/privacy: who may write to me, and the members I blocked. */
export function PrivacySettingsPage({ access, privacy, blocked }: PrivacySettingsProps) {
  return (
    <div className="mx-auto w-full max-w-2xl">
      <p className="text-sm">
        <a href={routes.messages()} className="link">
          Messages
        </a>
      </p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight">Privacy and blocking</h1>
      {access !== 'ok' || !privacy || !blocked ? (
        <MessagesUnavailable access={access === 'ok' ? 'absent' : access} />
      ) : (
        <>
          <section aria-label="Who may write to you" className="card mt-6">
            <PrivacyForm privacy={privacy} />
          </section>
          <section aria-labelledby="blocked-heading" className="card mt-6">
            <h2 id="blocked-heading" className="font-semibold">
              Blocked members
            </h2>
            <p className="muted mt-1">
              You and a member you block cannot write to each other, send each other friend requests, write on each other’s walls, tag or
              invite each other. They are not told.
            </p>
            {blocked.length ? <BlockedList blocked={blocked} /> : <p className="mt-3">You have blocked nobody.</p>}
          </section>
        </>
      )}
    </div>
  );
}
