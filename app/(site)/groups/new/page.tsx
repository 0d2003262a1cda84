import type { Metadata } from 'next';
import { GroupForm } from '@/components/groups/group-form';
import { GroupsUnavailable } from '@/components/groups/groups-unavailable';
import { loadPage } from '@/lib/auth/page-session';
import { getCachedGroupChoices } from '@/lib/groups/choices';
import { newGroupDefaults } from '@/lib/groups/form-defaults';
import { env } from '@/lib/env';
import { isMissingExtension, isMissingScope } from '@/lib/social-api/errors';

export const metadata: Metadata = { title: 'Create a group' };

/** A new group: open to everyone, members post and add photos, officers add events (the API's defaults). */
export default async function NewGroupRoute() {
  const choices = await loadPage((s) =>
    getCachedGroupChoices(s).catch((e: unknown) => {
      if (isMissingScope(e)) return 'scope' as const;
      if (isMissingExtension(e)) return 'absent' as const;
      throw e;
    }),
  );
  return (
    <div className="mx-auto w-full max-w-2xl">
      <h1 className="text-2xl font-bold tracking-tight">Create a group</h1>
      {typeof choices === 'string' ? (
        <GroupsUnavailable access={choices} />
      ) : (
        <GroupForm defaults={newGroupDefaults()} choices={choices} maxBytes={env().UPLOAD_MAX_BYTES} />
      )}
    </div>
  );
}
