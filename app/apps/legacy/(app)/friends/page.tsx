import type { Metadata } from 'next';
import { LegacyNotice } from '@/components/legacy/legacy-notice';
import { countOf, LegacyListSection } from '@/components/legacy/list-section';
import { Pager } from '@/components/legacy/pager';
import { getFriends, isFriend } from '@/lib/legacy/methods';
import { pageParam, readLegacy } from '@/lib/legacy/page';

export const metadata: Metadata = { title: 'Friends' };

/** The person's friends, ten a page with the API's totals, each checked with friend.isFriend. */
export default async function LegacyFriendsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const page = pageParam((await searchParams).page);
  const read = await readLegacy(async (token) => {
    const list = await getFriends(token, page);
    const checks = await Promise.all(list.items.map((f) => isFriend(token, f.id)));
    return { ...list, items: list.items.map((f, i) => ({ ...f, isFriend: checks[i]! })) };
  });
  if (!read.ok) return <LegacyNotice {...read} />;
  const { items, total } = read.data;
  return (
    <LegacyListSection
      id="legacy-friends"
      title="Friends"
      count={
        <>
          {countOf(total, 'friend', 'friends')}
          {items.length ? ` · showing ${(read.data.page - 1) * 10 + 1}–${(read.data.page - 1) * 10 + items.length}` : ''}
        </>
      }
    >
      {items.length ? (
        <ul aria-label="Friends" className="mt-4 grid gap-3 sm:grid-cols-2">
          {items.map((f) => (
            <li key={f.id} className="card flex items-center gap-3">
              {f.smallPicture ? (
                <img src={f.smallPicture} alt="" width={48} height={48} className="size-12 rounded-full object-cover" />
              ) : null}
              <div className="min-w-0">
                <p className="truncate font-medium">{f.name}</p>
                <p className="text-sm">{f.isFriend ? <span className="badge">Friends</span> : 'Not friends'}</p>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4">{page > 1 ? 'There are no more friends.' : 'No friends yet.'}</p>
      )}
      <Pager paging={read.data} path="/apps/legacy/friends" label="Friends" />
    </LegacyListSection>
  );
}
