import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Composer } from '@/components/feed/composer';
import { Feed } from '@/components/feed/feed';
import { WallHeader } from '@/components/feed/wall-header';
import { loadPage } from '@/lib/auth/page-session';
import { env } from '@/lib/env';
import { idParam } from '@/lib/params';
import { loadWall } from '@/lib/users/wall';

export type WallPageProps = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: WallPageProps): Promise<Metadata> {
  const id = await idParam(params);
  const wall = await loadPage((s) => loadWall(s, id));
  return wall ? { title: wall.member.name } : {};
}

/** A member's wall: what they posted and what was posted on their wall, newest first. */
export default async function WallPage({ params }: WallPageProps) {
  const id = await idParam(params);
  const { wall, own } = await loadPage(async (s) => ({ wall: await loadWall(s, id), own: s.userId === id }));
  if (!wall) notFound();
  const { member, page } = wall;
  return (
    <div className="mx-auto w-full max-w-2xl">
      <WallHeader member={member} isViewer={own} />
      <Feed
        initial={page}
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
    </div>
  );
}
