'use client';

import { flushSync } from 'react-dom';
import { useId, useRef, useState } from 'react';
import { useAnnounce } from '@/components/ui/announcer';
import { becomeEditPage } from '@/components/ui/become-edit-page';
import { buttonStyles } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { fieldErrorHelpers, OptionSelect, RestoreOffer } from '@/components/ui/form-fields';
import { lazyZodResolver } from '@/components/ui/lazy-resolver';
import { useKeptForm } from '@/components/ui/use-kept-form';
import { TagsField } from '@/components/blogs/editor/tag-input';
import type { RichTextEditorHandle } from '@/components/blogs/editor/rich-text-editor';
import { BodyField, TitleField } from '@/components/blogs/editor/rich-text-field';
import { callAction, type ActionResult } from '@/lib/action-result';
import { routes } from '@/lib/routes';
import type { ListingChoices } from '@/lib/social-api/classifieds';
import { LISTING_LOCATION_MAX, LISTING_TITLE_MAX } from '@/lib/validations/limits';
import type { ListingFormValues } from '@/lib/validations/listing';
import { saveListing } from '../actions';
import type { ListingSaved } from '@/lib/listings/commands';
import { ListingPhotosSection, useListingPhotos, type SavedListingPhoto } from './listing-photos';
import { EDIT_LISTING_TITLE, NEW_LISTING_TITLE, parseKeptListing, priceAsTyped, sameListingValues } from './values';

// The listing form of /listings/new and /listings/{id}/edit (react-hook-form with the zod/mini
// schema the server action checks again). A failed save keeps the form as it is, with the API's
// field errors on their fields; the form is kept in this browser while it is written and offered
// back on the next visit; leaving with unsaved changes asks first. After a save the form stays,
// with the price as the API formats it. Its photos: listing-photos.tsx.

const listingResolver = lazyZodResolver<ListingFormValues>(() => import('@/lib/validations/listing').then((m) => m.listingFormSchema));

export type ListingEditorProps = {
  userId: number;
  /** The listing being edited (its formatted price); a new one without. */
  listing?: { id: number; price: string };
  initial: ListingFormValues;
  choices: ListingChoices;
  /** The listing's photos as saved, and its main photo. */
  photos?: SavedListingPhoto[];
  mainPhotoId?: number;
  /** Largest photo, in bytes (UPLOAD_MAX_BYTES). */
  maxBytes: number;
  /** The saved description, cleaned by the server, shown in the editor's place while its code loads. */
  savedHtml?: string;
  /** An edit knows the listing's privacy (the API told it): the form shows it and saves it. */
  privacyKnown?: boolean;
};

export function ListingEditor({
  userId,
  listing: given,
  initial,
  choices,
  photos: savedPhotos = [],
  mainPhotoId,
  maxBytes,
  savedHtml,
  privacyKnown = false,
}: ListingEditorProps) {
  // A new listing's privacy is the form's; an edit's only when the API told it.
  const showPrivacy = !given || privacyKnown;
  const [listing, setListing] = useState(given);
  const id = useId();
  const announce = useAnnounce();
  const editor = useRef<RichTextEditorHandle>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<{ message: string; signedOut?: boolean } | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const photos = useListingPhotos({ listingId: listing?.id, saved: savedPhotos, mainId: mainPhotoId, maxBytes });
  const { form, autosave, restore, markSaved, sameAsSaved, refused } = useKeptForm({
    resolver: listingResolver,
    initial,
    storageKey: `listing:${userId}:${listing?.id ?? 'new'}`,
    parse: parseKeptListing,
    same: sameListingValues,
    alsoUnsaved: () => photos.unsaved(),
  });
  const { register, control, formState, getValues } = form;
  const helpers = fieldErrorHelpers(formState.errors, id);
  const { describedBy, error, invalid } = helpers;

  const save = form.handleSubmit(async (values) => {
    setSaving(true);
    setProblem(null);
    setDone(null);
    let res: ActionResult<ListingSaved>;
    if (!listing && photos.creationPhoto) {
      // A new listing with a main photo: both in one request, the photo's row showing its progress.
      const made = await photos.create(values);
      res = made.ok
        ? { ok: true, message: 'Your listing is online.', data: made.listing }
        : { ok: false, message: made.message, fieldErrors: made.fieldErrors, signedOut: made.signedOut };
    } else {
      res = await callAction(() => saveListing({ id: listing?.id, values, privacy: showPrivacy }));
    }
    if (!res.ok) {
      // The fields are enabled again before one of them takes the focus.
      flushSync(() => setSaving(false));
      setProblem(refused(res));
      return;
    }
    // The form now says what the site has: the price as the API wrote it back.
    const now = { ...getValues(), price: priceAsTyped(res.data.price) };
    form.reset(now);
    markSaved(now);
    setListing({ id: res.data.id, price: res.data.price });
    if (!listing) {
      becomeEditPage(routes.editListing(res.data.id), NEW_LISTING_TITLE, EDIT_LISTING_TITLE);
    }
    // Then the photos: the others upload now that the listing is there, then captions and the main one.
    const pictures = await photos.finish(res.data.id);
    flushSync(() => setSaving(false));
    if (!pictures.ok) {
      setProblem({
        message: `${res.message.replace(/\.$/, '')}, but its photos were not all saved: ${pictures.message}`,
        signedOut: pictures.signedOut,
      });
      return;
    }
    const message = pictures.message ? `${res.message} ${pictures.message}` : res.message;
    setDone(message);
    announce(message);
  });

  const privacy = (name: 'authView' | 'authComment', label: string, options: ListingChoices['view']) => (
    <OptionSelect id={id} name={name} label={label} options={options} register={register} helpers={helpers} />
  );

  return (
    <div className="mx-auto w-full max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight">{listing ? EDIT_LISTING_TITLE : NEW_LISTING_TITLE}</h1>
      <form
        noValidate
        aria-label={listing ? 'Edit the listing' : 'New listing'}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        className="mt-6 space-y-6"
      >
        {autosave.found ? (
          <RestoreOffer
            what={listing ? 'this listing' : 'a new listing'}
            savedAt={autosave.found.savedAt}
            onRestore={restore}
            onDiscard={autosave.discard}
          />
        ) : null}

        <fieldset disabled={saving} className="space-y-6">
          <TitleField id={id} register={register} maxLength={LISTING_TITLE_MAX} helpers={helpers} editorRef={editor} />

          <BodyField
            id={id}
            label="Description"
            control={control}
            helpers={helpers}
            editorRef={editor}
            disabled={saving}
            onReady={(html) => sameAsSaved('body', html)}
            savedHtml={savedHtml}
          />

          <ListingPhotosSection photos={photos} maxBytes={maxBytes} disabled={saving} />

          <div className="grid gap-6 sm:grid-cols-2">
            <div>
              <label htmlFor={`${id}-price`} className="text-sm font-medium">
                Price in dollars (optional)
              </label>
              <input
                id={`${id}-price`}
                {...register('price')}
                inputMode="decimal"
                autoComplete="off"
                aria-invalid={invalid('price')}
                aria-describedby={describedBy('price', listing?.price ? `${id}-price-shown` : undefined)}
                className="field"
              />
              {listing?.price ? (
                <p id={`${id}-price-shown`} className="muted mt-1">
                  Shown as <strong data-testid="formatted-price">{listing.price}</strong>
                </p>
              ) : null}
              {error('price')}
            </div>
            <div>
              <label htmlFor={`${id}-location`} className="text-sm font-medium">
                Location (optional)
              </label>
              <input
                id={`${id}-location`}
                {...register('location')}
                maxLength={LISTING_LOCATION_MAX}
                aria-invalid={invalid('location')}
                aria-describedby={describedBy('location')}
                className="field"
              />
              {error('location')}
            </div>
            <OptionSelect
              id={id}
              name="categoryId"
              label="Category (optional)"
              options={choices.categories}
              register={register}
              helpers={helpers}
              empty="No category"
            />
            <TagsField id={id} control={control} helpers={helpers} disabled={saving} />
          </div>

          {!showPrivacy ? (
            <p className="muted">Who can see and comment on this listing stays as it is.</p>
          ) : (
            <fieldset>
              <legend className="text-sm font-medium">Privacy</legend>
              <div className="mt-2 grid gap-6 sm:grid-cols-2">
                {privacy('authView', 'Who can see it', choices.view)}
                {privacy('authComment', 'Who can comment', choices.comment)}
              </div>
            </fieldset>
          )}
        </fieldset>

        <div className="border-t border-slate-200 pt-4 dark:border-slate-800">
          <FormError message={problem?.message} signedOut={problem?.signedOut} className="mb-3" />
          {done ? (
            <p className="mb-3 text-sm" role="status">
              {done}{' '}
              {listing ? (
                <a href={routes.listing(listing.id)} className="link">
                  View the listing
                </a>
              ) : null}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className={buttonStyles.primary} disabled={saving}>
              {saving ? 'Saving…' : listing ? 'Save changes' : 'Publish the listing'}
            </button>
            <a href={listing ? routes.listing(listing.id) : routes.dashboardListings()} className="link text-sm">
              {listing ? 'Back to the listing' : 'Cancel'}
            </a>
          </div>
          <p className="muted mt-2">{autosave.keptAt ? 'Your latest changes are kept in this browser until you save them.' : ''}</p>
        </div>
      </form>
    </div>
  );
}
