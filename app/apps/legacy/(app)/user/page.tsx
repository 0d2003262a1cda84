import type { Metadata } from 'next';
import { LegacyNotice } from '@/components/legacy/legacy-notice';
import { getUser } from '@/lib/legacy/methods';
import { readLegacy, SESSION_ENDED } from '@/lib/legacy/page';

export const metadata: Metadata = { title: 'Profile' };

const FAILED = 'The app could not be opened: the site did not answer. Try again from the site in a moment.';

/** The person the site opened the app for (user.getUser). */
export default async function LegacyUserPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [sp, read] = await Promise.all([searchParams, readLegacy(getUser)]);
  if (!read.ok)
    return (
      <LegacyNotice ended={read.ended} message={read.ended && sp.failed === '1' ? FAILED : read.ended ? SESSION_ENDED : read.message} />
    );
  const u = read.data;
  const facts: Array<[string, string]> = [
    ['User name', u.userName],
    [
      'Member since',
      u.joined ? new Date(u.joined).toLocaleDateString('en', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }) : '',
    ],
    ['Country', u.country],
    ['Gender', u.gender],
    ['Email', u.email],
  ];
  return (
    <section aria-labelledby="legacy-user" className="card max-w-xl">
      <div className="flex items-center gap-4">
        {u.picture ? <img src={u.picture} alt="" width={80} height={80} className="size-20 rounded-full object-cover" /> : null}
        <div>
          <h1 id="legacy-user" className="text-xl font-bold">
            {u.name}
          </h1>
          {u.profileUrl ? (
            <a href={u.profileUrl} target="_blank" rel="noopener" className="text-sm underline">
              Profile on the site<span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        {facts
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="muted">{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
