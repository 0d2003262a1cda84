import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { ProfileHeader } from '@/components/users/profile-header';
import { loadPage } from '@/lib/auth/page-session';
import { idParam } from '@/lib/params';
import { loadMember } from '@/lib/users/profile';
import { siteHasVideos } from '@/lib/videos/available';

/** A member's profile: the header (who, the friendship, the tabs) above each tab's page. */
export default async function ProfileLayout({ params, children }: { params: Promise<{ id: string }>; children: ReactNode }) {
  const id = await idParam(params);
  const [{ member, own }, videos] = await Promise.all([
    loadPage(async (s) => ({ member: await loadMember(s, id), own: s.userId === id })),
    siteHasVideos(),
  ]);
  if (!member) notFound();
  return (
    <div className="mx-auto w-full max-w-3xl">
      <ProfileHeader member={member} own={own} videos={videos} />
      <div className="mt-6">{children}</div>
    </div>
  );
}
