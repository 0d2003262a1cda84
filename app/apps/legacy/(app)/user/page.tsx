import type { Metadata } from 'next';
import { LegacyNotice } from '@/components/legacy/legacy-notice';
import { getUser } from '@/lib/legacy/methods';
import { readLegacy, SESSION_ENDED } from '@/lib/legacy/page';

export const metadata: Metadata = { title: 'Profile' };

const FAILED = 'The app could not be opened: the site did not answer. Try again from the site in a moment.';
/** A key that did not come in the site's frame (app/apps/legacy/route.ts): a link from elsewhere. */
const REFUSED = 'The app opens only inside the site’s own page, which hands it a link of its own: this link was not used.';
/** A key of another member than the one signed in to the site in this browser. */
const OTHER = 'The site opened the app for another member than the one signed in here. Open it again as the same person.';

/** The person the site opened the app for (user.getUser). */
export default async function LegacyUserPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  if (sp.refused === '1') return <LegacyNotice ended message={REFUSED} />;
  const read = await readLegacy(getUser);
  if (!read.ok) {
    const ended = sp.failed === '1' ? FAILED : sp.other === '1' ? OTHER : SESSION_ENDED;
    return <LegacyNotice ended={read.ended} message={read.ended ? ended : read.message} />;
  }
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
