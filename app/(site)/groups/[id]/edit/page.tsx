import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { GroupForm } from '@/components/groups/group-form';
import { loadPage } from '@/lib/auth/page-session';
import { getCachedGroupChoices } from '@/lib/groups/choices';
import { editGroupDefaults } from '@/lib/groups/form-defaults';
import { env } from '@/lib/env';
import { idParam } from '@/lib/params';
import { getGroup } from '@/lib/social-api/groups';

export const metadata: Metadata = { title: 'Edit group' };

/** The officers' edit form; anyone else (who may not edit) gets the 404 page. */
export default async function EditGroupRoute({ params }: { params: Promise<{ id: string }> }) {
  const id = await idParam(params);
  const [group, choices] = await loadPage((s) => Promise.all([getGroup(s.accessToken, id, { visit: false }), getCachedGroupChoices(s)]));
  if (!group || !group.can.edit) notFound();
  return (
    <div className="mx-auto w-full max-w-2xl">
      <h1 className="text-2xl font-bold tracking-tight">Edit “{group.title}”</h1>
      <GroupForm
        id={id}
        defaults={editGroupDefaults(group)}
        choices={choices}
        picture={group.img || undefined}
        maxBytes={env().UPLOAD_MAX_BYTES}
      />
    </div>
  );
}
