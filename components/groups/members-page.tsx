import { Pager } from '@/components/ui/list/pager';
import type { GroupMembersPage } from '@/lib/groups/group-page';
import { routes } from '@/lib/routes';
import { GroupHeader } from './group-header';
import { MemberList } from './member-list';

/**
 * A group's Members tab: the owner, the officers with their titles, then the members; for
 * officers, first the people waiting (requests to approve or decline, invitations to withdraw).
 */
export function MembersPage({ group, viewerId, members, page, more, waiting }: GroupMembersPage) {
  const viewer = { id: viewerId, owner: group.membership === 'owner', officer: group.can.approve };
  return (
    <article aria-labelledby="group-title" className="mx-auto w-full max-w-3xl">
      <GroupHeader group={group} tab="members" />
      {waiting.length ? (
        <section aria-labelledby="group-waiting" className="card mt-6">
          <h2 id="group-waiting" className="mb-3 font-semibold">
            Waiting ({waiting.length})
          </h2>
          <MemberList groupId={group.id} people={waiting} viewer={viewer} label="Requests and invitations" />
        </section>
      ) : null}
      <section aria-labelledby="group-members" className="mt-6">
        <h2 id="group-members" className="mb-3 font-semibold">
          Members
        </h2>
        {members.length ? (
          <MemberList groupId={group.id} people={members} viewer={viewer} label="Members" />
        ) : (
          <p className="muted">{page > 1 ? 'No more members.' : 'No members to show.'}</p>
        )}
      </section>
      <Pager label="Pages of members" page={page} more={more} hrefOf={(n) => routes.groupMembers(group.id, n)} />
    </article>
  );
}
