import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Composer } from '@/components/feed/composer';
import { Feed } from '@/components/feed/feed';
import { getCurrentUser, requireSession } from '@/lib/auth/session';
import { env } from '@/lib/env';
import { listActivities } from '@/lib/social-api/activities';
import { loadMember, parseMemberId } from './member';

export type WallPageProps = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: WallPageProps): Promise<Metadata> {
  const id = parseMemberId((await params).id);
  if (!id) return {};
  const session = await requireSession(`/users/${id}`);
  const member = await loadMember(session.accessToken, id, session.userId);
  return member ? { title: member.name } : {};
}

/** A member's wall: what they posted and what was posted on their wall, newest first. */
export default async function WallPage({ params }: WallPageProps) {
  const id = parseMemberId((await params).id);
  if (!id) notFound();
  const session = await requireSession(`/users/${id}`);
  const [viewer, page, member] = await Promise.all([
    getCurrentUser(),
    listActivities(session.accessToken, { subject: { type: 'user', id } }),
    loadMember(session.accessToken, id, session.userId),
  ]);
  if (!page || !member) notFound();
  const me = viewer ?? { ...session.user, picture: session.user.image };
  const own = id === session.userId;
  return (
    <Feed
      initial={page}
      viewer={{ id: me.id, name: me.name, image: me.image, picture: me.picture }}
      renderedAt={Date.now()}
      wallId={id}
      label={own ? 'Your wall' : `${member.name}’s wall`}
      emptyText={own ? 'You have not posted anything yet.' : `${member.name} has not posted anything you can see yet.`}
    >
      {own ? (
        <div className="mt-6">
          <Composer maxPhotoBytes={env().UPLOAD_MAX_BYTES} />
        </div>
      ) : null}
    </Feed>
  );
}
