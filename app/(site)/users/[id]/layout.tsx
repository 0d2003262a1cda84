import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { ProfileHeader } from '@/components/users/profile-header';
import { loadPage } from '@/lib/auth/page-session';
import { siteHasGroups } from '@/lib/groups/available';
import { idParam } from '@/lib/params';
import { loadMember } from '@/lib/users/profile';
import { siteHasVideos } from '@/lib/videos/available';

/** A member's profile: the header (who, the friendship, the tabs) above each tab's page. */
export default async function ProfileLayout({ params, children }: { params: Promise<{ id: string }>; children: ReactNode }) {
  const id = await idParam(params);
  // Beside the member, whether the site has groups and videos (probes kept for minutes: no call of this render).
  const [{ member, own }, groups, videos] = await Promise.all([
    loadPage(async (s) => ({ member: await loadMember(s, id), own: s.userId === id })),
    siteHasGroups(),
    siteHasVideos(),
  ]);
  if (!member) notFound();
  return (
    <div className="mx-auto w-full max-w-3xl">
      <ProfileHeader member={member} own={own} groups={groups} videos={videos} />
      <div className="mt-6">{children}</div>
    </div>
  );
}
