import type { Metadata } from 'next';
import { ListHeader } from '@/components/ui/list/list-header';
import { EmptyState } from '@/components/ui/list/list-results';
import { FriendRow, FriendSearch } from '@/components/users/friend-row';
import { ProfileTab } from '@/components/users/profile-tab';
import { RequestSection } from '@/components/users/request-row';
import { loadPage } from '@/lib/auth/page-session';
import { loadListPage } from '@/lib/list-page';
import type { SearchParams } from '@/lib/list-query';
import { routes } from '@/lib/routes';
import { listFriendRequests, listFriends } from '@/lib/social-api/friends';
import { profileTabList } from '@/lib/users/profile';

export const metadata: Metadata = { title: 'Friends' };

const PAGE_SIZE = 20;

/**
 * One's friends (searchable by name, paged) and, above them on the first page, the friend
 * requests waiting for an answer and those one sent: three reads in parallel there, one after.
 */
export default async function FriendsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = profileTabList.parse(await searchParams);
  const first = !query.page && !query.q;
  const [[list], requests] = await Promise.all([
    loadListPage(
      { page: query.page, pageSize: PAGE_SIZE },
      async (s, p) => (await listFriends(s.accessToken, { keywords: query.q, ...p })) ?? [],
    ),
    first
      ? loadPage(async (s) => {
          const [incoming, outgoing] = await Promise.all([
            listFriendRequests(s.accessToken, 'incoming'),
            listFriendRequests(s.accessToken, 'outgoing'),
          ]);
          return { incoming: incoming ?? [], outgoing: outgoing ?? [] };
        })
      : undefined,
  ]);
  const hrefOf = (n: number) => `${routes.friends}${profileTabList.search({ q: query.q, page: n })}`;
  return (
    <div className="mx-auto w-full max-w-3xl">
      <ListHeader title="Friends" />
      {requests ? (
        <>
          <RequestSection requests={requests.incoming} incoming />
          <RequestSection requests={requests.outgoing} incoming={false} />
        </>
      ) : null}
      <section aria-labelledby="my-friends" className="mt-6">
        <h2 id="my-friends" className="mb-3 text-lg font-semibold">
          Your friends
        </h2>
        <FriendSearch label="Find one of your friends" q={query.q} action={routes.friends} />
        {list.items?.length === 0 && !query.q && list.page === 1 ? (
          <EmptyState>
            You have no friends here yet. Find people with the site search at the top of the page, and add them from their profile.
          </EmptyState>
        ) : (
          <ProfileTab
            title="Your friends"
            list={list}
            noun={['friend', 'friends']}
            filtered={Boolean(query.q)}
            empty="You have no friends here yet."
            item={(friend) => <FriendRow friend={friend} />}
            className="grid gap-3 sm:grid-cols-2"
            hrefOf={hrefOf}
          />
        )}
      </section>
    </div>
  );
}
