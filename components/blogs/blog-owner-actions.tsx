'use client';

import { useRouter } from 'next/navigation';
import { useAnnounce } from '@/components/ui/announcer';
import { buttonStyles } from '@/components/ui/button';
import { DeleteButton } from '@/components/ui/delete-button';
import { FormError } from '@/components/ui/form-error';
import { useAction } from '@/components/ui/use-action';
import { routes } from '@/lib/routes';
import { removeBlog, setBlogState } from './actions';

export type BlogOwnerActionsProps = {
  id: number;
  title: string;
  draft: boolean;
  canEdit: boolean;
  canDelete: boolean;
};

/**
 * The author's actions on their post's page: edit it, publish it or turn it back into a draft
 * (each button says which), delete it after a confirmation that names it.
 */
export function BlogOwnerActions({ id, title, draft, canEdit, canDelete }: BlogOwnerActionsProps) {
  const router = useRouter();
  const announce = useAnnounce();
  const state = useAction();

  const toggle = async () => {
    const res = await state.run(() => setBlogState({ id, draft: !draft }));
    if (res.ok) {
      announce(res.message);
      router.refresh();
    }
  };

  return (
    <div className="mt-8">
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
        {canEdit ? (
          <>
            <a href={routes.editBlog(id)} className={buttonStyles.secondary}>
              Edit
            </a>
            <button
              type="button"
              className={draft ? buttonStyles.primary : buttonStyles.secondary}
              onClick={toggle}
              disabled={state.pending}
            >
              {state.pending ? (draft ? 'Publishing…' : 'Moving to drafts…') : draft ? 'Publish' : 'Move to drafts'}
            </button>
          </>
        ) : null}
        {canDelete ? (
          <DeleteButton
            title={title}
            description="The post will be removed with its likes and comments. This cannot be undone."
            confirmLabel="Delete post"
            action={() => removeBlog({ id })}
            doneMessage="The post was deleted."
            then={routes.myBlogs()}
          />
        ) : null}
      </div>
      {!draft && canEdit ? (
        <p className="muted mt-2">“Move to drafts” hides the post from everyone but you until you publish it again.</p>
      ) : null}
      <FormError message={state.problem?.message} signedOut={state.problem?.signedOut} className="mt-2" />
    </div>
  );
}
