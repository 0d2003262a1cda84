import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Composer } from '@/components/feed/composer';
import { Feed } from '@/components/feed/feed';
import { loadPage } from '@/lib/auth/page-session';
import { composeLimits } from '@/lib/feed/compose-limits';
import { idParam } from '@/lib/params';
import { serialize } from '@/lib/serialized';
import { loadMember } from '@/lib/users/profile';
import { loadWall } from '@/lib/users/wall';

export type WallPageProps = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: WallPageProps): Promise<Metadata> {
  const id = await idParam(params);
  const member = await loadPage((s) => loadMember(s, id));
  return member ? { title: member.name } : {};
}

/** A member's wall (the profile's Posts tab): what they posted and what was posted on their wall, newest first. */
export default async function WallPage({ params }: WallPageProps) {
  const id = await idParam(params);
  const [{ wall, member, own }, limits] = await Promise.all([
    loadPage(async (s) => {
      const [wall, member] = await Promise.all([loadWall(s, id), loadMember(s, id)]);
      return { wall, member, own: s.userId === id };
    }),
    composeLimits(),
  ]);
  if (!wall || !member) notFound();
  // One's own wall, and a friend's: the API lets friends write on each other's walls.
  const canWrite = own || member.friendship === 'friends';
  return (
    <Feed
      initial={serialize(wall)}
      wallId={id}
      label={own ? 'Your wall' : `${member.name}’s wall`}
      emptyText={own ? 'You have not posted anything yet.' : `${member.name} has not posted anything you can see yet.`}
    >
      {canWrite ? (
        <div className="mt-6">
          <Composer {...limits} wallId={own ? undefined : id} wallOwner={own ? undefined : member.name} />
        </div>
      ) : null}
    </Feed>
  );
}
