'use client';

import { useRouter } from 'next/navigation';
import { flushSync } from 'react-dom';
import { useId, useRef, useState } from 'react';
import { useAnnounce } from '@/components/ui/announcer';
import { becomeEditPage } from '@/components/ui/become-edit-page';
import { buttonStyles } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { lazyZodResolver } from '@/components/ui/lazy-resolver';
import { fieldErrorHelpers, OptionSelect, RestoreOffer, shortTime as timeOf } from '@/components/ui/form-fields';
import { useKeptForm } from '@/components/ui/use-kept-form';
import { callAction } from '@/lib/action-result';
import { routes } from '@/lib/routes';
import type { BlogChoices } from '@/lib/social-api/blogs';
import type { BlogFormValues } from '@/lib/validations/blog';
import { BLOG_TITLE_MAX } from '@/lib/validations/limits';
import { saveBlog } from '../actions';
import type { RichTextEditorHandle } from './rich-text-editor';
import { EDIT_TITLE, EditorPage, NEW_TITLE } from './editor-page';
import { BodyField, TitleField } from './rich-text-field';
import { TagsField } from './tag-input';
import { parseKeptValues, sameValues } from './values';

// The post form of /blogs/new and /blogs/{id}/edit (react-hook-form with the zod/mini schema the
// server action checks again). Nothing typed is lost: a failed save keeps the form as it is,
// with the API's field errors on their fields; the form is kept in this browser every few
// seconds and when the page is left, and offered back on the next visit; leaving with unsaved
// changes asks first.

const blogResolver = lazyZodResolver<BlogFormValues>(() => import('@/lib/validations/blog').then((m) => m.blogFormSchema));

export type BlogEditorProps = {
  /** Whose copy in this browser it is. */
  userId: number;
  /** The post being edited, and whether it is a draft now; a new post without. */
  post?: { id: number; draft: boolean };
  /** The values the server has (a new post's defaults). */
  initial: BlogFormValues;
  choices: BlogChoices;
  /** The saved body, cleaned by the server, shown in the editor's place while its code loads. */
  savedHtml?: string;
  /** This server does not tell the post's privacy settings: they are not shown and stay as they are. */
  keepSettings?: boolean;
};

export function BlogEditor({ userId, post: given, initial, choices, savedHtml, keepSettings = false }: BlogEditorProps) {
  /** The post as saved so far: a new one has an id from its first draft on. */
  const [post, setPost] = useState(given);
  const id = useId();
  const router = useRouter();
  const announce = useAnnounce();
  const editor = useRef<RichTextEditorHandle>(null);
  const tagsInput = useRef<HTMLInputElement>(null);
  const [saving, setSaving] = useState<'publish' | 'draft' | null>(null);
  const [problem, setProblem] = useState<{ message: string; signedOut?: boolean } | null>(null);
  const [savedDraftAt, setSavedDraftAt] = useState<number | null>(null);

  const { form, autosave, restore, markSaved, sameAsSaved, refused } = useKeptForm({
    resolver: blogResolver,
    initial,
    storageKey: `blog:${userId}:${post?.id ?? 'new'}`,
    parse: parseKeptValues,
    same: sameValues,
  });
  const { register, control, formState, getValues } = form;
  const helpers = fieldErrorHelpers(formState.errors, id);

  const save = (draft: boolean) =>
    form.handleSubmit(async (values) => {
      // The form as it was sent (the fields are locked until the answer comes).
      const sent = getValues();
      setSaving(draft ? 'draft' : 'publish');
      setProblem(null);
      const res = await callAction(() => saveBlog({ id: post?.id, values, draft, keepSettings }));
      if (!res.ok) {
        // The fields are enabled again before one of them takes the focus.
        flushSync(() => setSaving(null));
        setProblem(refused(res));
        return;
      }
      // The server has the post: the copy in this browser is not needed any more.
      markSaved(sent);
      announce(res.message);
      if (draft && (!post || post.draft)) {
        // A draft is saved as one goes: the writing goes on here, the editor as it is (caret,
        // undo), a new post now at its own address (a reload opens its edit page).
        setSaving(null);
        setSavedDraftAt(Date.now());
        if (!post) {
          setPost({ id: res.data.id, draft: true });
          becomeEditPage(routes.editBlog(res.data.id), NEW_TITLE, EDIT_TITLE);
        }
      } else {
        router.push(routes.blog(res.data.id));
      }
    });

  const privacy = (name: 'authView' | 'authComment', label: string, options: BlogChoices['view']) => (
    <OptionSelect id={id} name={name} label={label} options={options} register={register} helpers={helpers} />
  );

  const published = post && !post.draft;
  const busy = saving !== null;
  const primary = published ? 'Update post' : 'Publish';
  const secondary = published ? 'Move to drafts' : post ? 'Save draft' : 'Save as draft';

  // The heading and the post's state follow the post: a new post's first draft makes this its edit page.
  return (
    <EditorPage
      heading={post ? EDIT_TITLE : NEW_TITLE}
      state={
        post
          ? post.draft
            ? 'A draft: only you can see it until you publish it.'
            : 'Published: changes show as soon as you update the post.'
          : undefined
      }
    >
      <form
        noValidate
        aria-label={post ? 'Edit the post' : 'Write a post'}
        onSubmit={(e) => {
          e.preventDefault();
          void save(false)();
        }}
        className="space-y-6"
      >
        {autosave.found ? (
          <RestoreOffer
            what={post ? 'this post' : 'a new post'}
            savedAt={autosave.found.savedAt}
            onRestore={restore}
            onDiscard={autosave.discard}
          />
        ) : null}

        <fieldset disabled={busy} className="space-y-6">
          <TitleField id={id} register={register} maxLength={BLOG_TITLE_MAX} helpers={helpers} editorRef={editor} />

          <BodyField
            id={id}
            label="Post"
            hint="Headings, bold, italic, links, lists and quotes. Ctrl+B, Ctrl+I and Ctrl+K work too."
            control={control}
            helpers={helpers}
            tall
            editorRef={editor}
            disabled={busy}
            onReady={(html) => sameAsSaved('body', html)}
            savedHtml={savedHtml}
          />

          <div className="grid gap-6 sm:grid-cols-2">
            <OptionSelect
              id={id}
              name="categoryId"
              label="Category"
              options={choices.categories}
              register={register}
              helpers={helpers}
              empty="Choose a category"
              required
            />
            <TagsField
              id={id}
              control={control}
              helpers={helpers}
              disabled={busy}
              inputRef={(el) => {
                tagsInput.current = el;
              }}
            />
          </div>

          {keepSettings ? (
            <p className="muted">Who can see and comment on this post stays as it is.</p>
          ) : (
            <fieldset className="space-y-4">
              <legend className="text-sm font-medium">Privacy</legend>
              <div className="grid gap-6 sm:grid-cols-2">
                {privacy('authView', 'Who can see it', choices.view)}
                {privacy('authComment', 'Who can comment', choices.comment)}
              </div>
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  {...register('searchable')}
                  aria-describedby={`${id}-searchable-hint`}
                  className="mt-0.5 size-4 accent-indigo-600"
                />
                <span>
                  Show in searches and lists
                  <span id={`${id}-searchable-hint`} className="muted block">
                    Off: the post stays out of search results and other people’s lists; a link to it still works for those who may see it.
                  </span>
                </span>
              </label>
            </fieldset>
          )}
        </fieldset>

        <div className="border-t border-slate-200 pt-4 dark:border-slate-800">
          <FormError message={problem?.message} signedOut={problem?.signedOut} className="mb-3" />
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className={buttonStyles.primary} disabled={busy}>
              {saving === 'publish' ? (published ? 'Saving…' : 'Publishing…') : primary}
            </button>
            <button
              type="button"
              className={buttonStyles.secondary}
              disabled={busy}
              onClick={() => void save(true)()}
              aria-describedby={`${id}-draft-hint`}
            >
              {saving === 'draft' ? 'Saving…' : secondary}
            </button>
            <a href={post ? routes.blog(post.id) : routes.myBlogs()} className="link text-sm">
              Cancel
            </a>
          </div>
          <p id={`${id}-draft-hint`} className="muted mt-2">
            {published
              ? '“Move to drafts” saves your changes and hides the post from everyone but you until you publish it again.'
              : 'A draft is saved on the site where only you can see it, in “My posts and drafts”.'}
          </p>
          <p className="muted mt-1">
            {savedDraftAt ? `Draft saved on the site at ${timeOf(savedDraftAt)}. ` : ''}
            {autosave.keptAt ? `Your latest changes are kept in this browser (${timeOf(autosave.keptAt)}) until you save them.` : ''}
          </p>
        </div>
      </form>
    </EditorPage>
  );
}
