'use client';

import { buttonStyles } from '@/components/ui/button';
import { DeleteButton } from '@/components/ui/delete-button';
import { routes } from '@/lib/routes';
import { removeVideo } from './actions';

/** The owner's actions on their video's page: edit its settings, delete it after a confirmation that names it. */
export function VideoOwnerActions({ id, title, canEdit, canDelete }: { id: number; title: string; canEdit: boolean; canDelete: boolean }) {
  return (
    <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
      {canEdit ? (
        <a href={routes.editVideo(id)} className={buttonStyles.secondary}>
          Edit
        </a>
      ) : null}
      {canDelete ? (
        <DeleteButton
          title={title}
          description="The video will be removed with its likes, comments and ratings. This cannot be undone."
          confirmLabel="Delete video"
          action={() => removeVideo({ id })}
          doneMessage="The video was deleted."
          then={routes.myVideos()}
        />
      ) : null}
    </div>
  );
}
