import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { WallHeader } from '@/components/feed/wall-header';
import { requireSession } from '@/lib/auth/session';
import { loadMember, parseMemberId } from './member';

export type WallLayoutProps = { children: ReactNode; params: Promise<{ id: string }> };

// The member is looked up here, above loading.tsx's boundary: an unknown member answers 404
// and a failing API its error status before the page starts streaming its skeleton.
export default async function WallLayout({ children, params }: WallLayoutProps) {
  const { id: raw } = await params;
  const id = parseMemberId(raw);
  if (!id) notFound();
  const session = await requireSession(`/users/${id}`);
  const member = await loadMember(session.accessToken, id, session.userId);
  if (!member) notFound();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6">
      <WallHeader member={member} isViewer={member.id === session.userId} />
      {children}
    </div>
  );
}
