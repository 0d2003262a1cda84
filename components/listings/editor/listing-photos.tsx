'use client';

import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { RefusedFiles } from '@/components/albums/upload/refused-files';
import { PhotoPicker } from '@/components/albums/upload/photo-picker';
import { UploadRow } from '@/components/albums/upload/upload-row';
import { useAnnounce } from '@/components/ui/announcer';
import { buttonStyles } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useFilePreviews } from '@/components/ui/use-file-previews';
import { useUploadQueue, type QueuedUpload } from '@/components/ui/use-upload-queue';
import type { UploadOutcome } from '@/components/ui/use-upload';
import { callAction, type ActionResult } from '@/lib/action-result';
import { LISTING_CAPTION_MAX, LISTING_PHOTOS_MAX } from '@/lib/validations/limits';
import type { ListingFormValues } from '@/lib/validations/listing';
import { checkPhotoBytes } from '@/lib/validations/photo-file';
import { removeListingPhoto, saveListingPhotos } from '../actions';
import type { ListingSaved } from '@/lib/listings/commands';

// A listing's photos in its editor. Photos picked are checked here (their first bytes, their
// size) like the albums' "Add photos"; on a listing that exists they upload at once through
// /api/upload/listing-photo, three at a time, each with its progress and Retry. A new listing's
// photos wait for it: the main one goes with the listing itself (/api/upload/listing, the API's
// `photo` part), the others right after. Captions and the choice of the main photo are saved with
// the form; deleting a photo that is on the listing asks first and is done at once.

/** A photo of the listing as the site has it. */
export type SavedListingPhoto = { id: number; img: string; caption: string };

/** What an upload answers: the photo's id; with the listing when the listing was made with it. */
type Uploaded = { photoId: number | null; listing?: ListingSaved };
type Entry = QueuedUpload<Uploaded>;

const PHOTO_URL = '/api/upload/listing-photo';
const CREATE_URL = '/api/upload/listing';

function parsePhoto(body: unknown): Uploaded | undefined {
  const b = body as { photo_id?: unknown } | null;
  return b && typeof b.photo_id === 'number' ? { photoId: b.photo_id } : undefined;
}

function parseCreated(body: unknown): Uploaded | undefined {
  const b = body as { id?: unknown; price?: unknown; photo_id?: unknown } | null;
  if (!b || typeof b.id !== 'number' || typeof b.price !== 'string') return undefined;
  return { photoId: typeof b.photo_id === 'number' ? b.photo_id : null, listing: { id: b.id, price: b.price } };
}

/** A row's key: a saved photo's, or an upload's own. */
const savedKey = (id: number) => `p${id}`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export type CreateOutcome =
  { ok: true; listing: ListingSaved } | { ok: false; message: string; fieldErrors?: Record<string, string>; signedOut?: boolean };

export function useListingPhotos({
  listingId,
  saved: initial,
  mainId: initialMain,
  maxBytes,
}: {
  listingId?: number;
  saved: SavedListingPhoto[];
  mainId?: number;
  maxBytes: number;
}) {
  const announce = useAnnounce();
  const [saved, setSaved] = useState(initial);
  /** Captions as typed, by row key; and as the site has them, by photo id. */
  const [captions, setCaptions] = useState<Record<string, string>>(() =>
    Object.fromEntries(initial.map((p) => [savedKey(p.id), p.caption])),
  );
  const siteCaptions = useRef(new Map(initial.map((p) => [p.id, p.caption])));
  /** The main photo's row key as chosen, and the site's main photo. */
  const [main, setMain] = useState<string | null>(initialMain ? savedKey(initialMain) : null);
  const siteMain = useRef<number | null>(initialMain ?? null);
  const [refused, setRefused] = useState<string[]>([]);
  const queue = useUploadQueue<Uploaded>({
    url: PHOTO_URL,
    fileField: 'Filedata',
    fields: listingId ? { classified_id: String(listingId) } : undefined,
    parse: parsePhoto,
    concurrency: 3,
    paused: listingId === undefined,
  });
  const { entries } = queue;

  /** The photo id of a row, once the site has it. */
  const photoIdOf = useCallback(
    (key: string): number | undefined => {
      const s = saved.find((p) => savedKey(p.id) === key);
      if (s) return s.id;
      const e = entries.find((x) => x.key === key);
      return e?.status === 'done' && e.result.photoId !== null ? e.result.photoId : undefined;
    },
    [saved, entries],
  );

  const count = saved.length + entries.length;

  const pick = async (files: File[]) => {
    const room = LISTING_PHOTOS_MAX - count;
    const problems = await Promise.all(files.map((f) => checkPhotoBytes(f, maxBytes)));
    const fine = files.filter((_, i) => !problems[i]);
    const accepted = fine.slice(0, Math.max(0, room));
    const over = fine.slice(accepted.length).map((f) => `“${f.name}”: a listing takes at most ${LISTING_PHOTOS_MAX} photos.`);
    setRefused([...problems.filter((p): p is string => !!p), ...over]);
    if (!accepted.length) return;
    const keys = queue.add(accepted);
    if (main === null) setMain(keys[0]!);
    announce(`${plural(accepted.length, 'photo')} added${listingId ? ', uploading' : ''}.`);
  };

  /** A new listing's main photo, waiting to go with it; undefined when the listing goes without one. */
  const creationPhoto = main ? entries.find((e) => e.key === main && e.status !== 'done') : undefined;

  /** Makes the listing with its main photo (a new listing only); the photo's row shows the upload. */
  const create = async (values: ListingFormValues): Promise<CreateOutcome> => {
    if (!creationPhoto) return { ok: false, message: 'There is no main photo to send.' };
    if (creationPhoto.status === 'failed') queue.retry(creationPhoto.key);
    const outcome: UploadOutcome<Uploaded> = await queue.send(creationPhoto.key, {
      url: CREATE_URL,
      fileField: 'photo',
      fields: { listing: JSON.stringify(values) },
      parse: parseCreated,
    });
    if (outcome.ok && outcome.result.listing) {
      if (outcome.result.photoId !== null) {
        siteMain.current = outcome.result.photoId;
        siteCaptions.current.set(outcome.result.photoId, '');
      }
      return { ok: true, listing: outcome.result.listing };
    }
    // Nothing was made: the photo waits again for the next try.
    queue.retry(creationPhoto.key);
    const body = (outcome.ok ? undefined : outcome.body) as { field_errors?: Record<string, string> } | undefined;
    const message = outcome.ok ? 'The listing was not made.' : outcome.message;
    return { ok: false, message, fieldErrors: body?.field_errors, signedOut: !outcome.ok && /signed out/i.test(message) };
  };

  /**
   * Once the listing exists (`id`): waits for every upload to end, then saves the captions that
   * changed and the main photo. Answers what to tell the person ('' when there was nothing to do).
   */
  const finish = async (id: number): Promise<ActionResult<{ failed: number }>> => {
    await queue.whenIdle();
    const rows = latestRows.current;
    const changed = rows.flatMap((r) =>
      r.photoId !== undefined && (captionsRef.current[r.key] ?? '') !== (siteCaptions.current.get(r.photoId) ?? '')
        ? [{ photoId: r.photoId, caption: (captionsRef.current[r.key] ?? '').trim() }]
        : [],
    );
    const chosen = mainRef.current ? rows.find((r) => r.key === mainRef.current)?.photoId : undefined;
    const mainPhotoId = chosen !== undefined && chosen !== siteMain.current ? chosen : undefined;
    const failed = rows.filter((r) => r.failed).length;
    if (changed.length || mainPhotoId !== undefined) {
      const res = await callAction(() => saveListingPhotos({ listingId: id, captions: changed, mainPhotoId }));
      if (!res.ok) return res;
      for (const c of changed) siteCaptions.current.set(c.photoId, c.caption);
      if (mainPhotoId !== undefined) siteMain.current = mainPhotoId;
    }
    return {
      ok: true,
      message: failed ? `${plural(failed, 'photo')} did not upload: retry or remove ${failed === 1 ? 'it' : 'them'}.` : '',
      data: { failed },
    };
  };

  // What finish() reads after awaiting: the rows as they are then, not as they were when it began.
  const rows = [
    ...saved.map((p) => ({ key: savedKey(p.id), photoId: p.id as number | undefined, failed: false })),
    ...entries.map((e) => ({
      key: e.key,
      photoId: e.status === 'done' ? (e.result.photoId ?? undefined) : undefined,
      failed: e.status === 'failed',
    })),
  ];
  const latestRows = useRef(rows);
  const captionsRef = useRef(captions);
  const mainRef = useRef(main);
  useEffect(() => {
    latestRows.current = rows;
    captionsRef.current = captions;
    mainRef.current = main;
  });

  /** Photos not on the site yet, captions or a main photo not saved: leaving would lose them. */
  const unsaved = () =>
    entries.some((e) => e.status !== 'done') ||
    rows.some((r) => r.photoId !== undefined && (captions[r.key] ?? '') !== (siteCaptions.current.get(r.photoId) ?? '')) ||
    (main !== null && photoIdOf(main) !== undefined && photoIdOf(main) !== siteMain.current);

  /** The oldest photo on the site among these rows (the API's next main photo), with its row's key. */
  const oldestOnSite = (rowsSaved: SavedListingPhoto[], rowsNew: Entry[]): { photoId: number; key: string } | undefined => {
    const onSite = [
      ...rowsSaved.map((p) => ({ photoId: p.id, key: savedKey(p.id) })),
      ...rowsNew.flatMap((e) => (e.status === 'done' && e.result.photoId !== null ? [{ photoId: e.result.photoId, key: e.key }] : [])),
    ];
    return onSite.reduce<{ photoId: number; key: string } | undefined>((a, b) => (a && a.photoId < b.photoId ? a : b), undefined);
  };

  /** After a row leaves: the main photo passes to the oldest photo left (the API's rule), else the first waiting. */
  const forget = (key: string, nextSaved: SavedListingPhoto[], nextEntries: Entry[]) => {
    if (main === key) setMain(oldestOnSite(nextSaved, nextEntries)?.key ?? nextEntries[0]?.key ?? null);
  };

  /** Deletes a photo that is on the site (after the person confirmed). */
  const deleteOnSite = async (key: string): Promise<ActionResult> => {
    const photoId = photoIdOf(key);
    if (photoId === undefined) return { ok: false, message: 'This photo is not on the listing.' };
    const res = await callAction(() => removeListingPhoto({ photoId }));
    if (!res.ok) return res;
    const nextSaved = saved.filter((p) => p.id !== photoId);
    const nextEntries = entries.filter((e) => e.key !== key);
    if (siteMain.current === photoId) siteMain.current = oldestOnSite(nextSaved, nextEntries)?.photoId ?? null;
    forget(key, nextSaved, nextEntries);
    setSaved(nextSaved);
    if (nextEntries.length !== entries.length) queue.remove(key);
    return res;
  };

  /** Takes a photo that is not on the site out of the list (stopping its upload). */
  const drop = (key: string) => {
    const nextEntries = entries.filter((e) => e.key !== key);
    forget(key, saved, nextEntries);
    queue.remove(key);
  };

  return {
    listingId,
    saved,
    entries,
    captions,
    setCaptions,
    main,
    setMain,
    refused,
    pick,
    creationPhoto,
    create,
    finish,
    unsaved,
    deleteOnSite,
    drop,
    retry: queue.retry,
    photoIdOf,
    count,
  };
}

export type ListingPhotos = ReturnType<typeof useListingPhotos>;

/** The editor's "Photos" section. */
export function ListingPhotosSection({ photos, maxBytes, disabled }: { photos: ListingPhotos; maxBytes: number; disabled?: boolean }) {
  const id = useId();
  const announce = useAnnounce();
  const [confirming, setConfirming] = useState<{ key: string; name: string } | null>(null);
  const previewOf = useFilePreviews(photos.entries);
  const full = photos.count >= LISTING_PHOTOS_MAX;
  const waiting = photos.listingId ? 'Waiting to upload' : 'Uploads when you publish';

  const caption = (key: string, name: string) => (
    <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
      <label className="flex min-w-48 flex-1 items-center gap-2 text-sm">
        <span className="sr-only">Caption for {name}</span>
        <input
          value={photos.captions[key] ?? ''}
          onChange={(e) => photos.setCaptions((c) => ({ ...c, [key]: e.target.value }))}
          maxLength={LISTING_CAPTION_MAX}
          placeholder="Caption (optional)"
          disabled={disabled}
          className="field mt-0"
        />
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="radio"
          name={`${id}-main`}
          checked={photos.main === key}
          onChange={() => photos.setMain(key)}
          disabled={disabled}
          className="size-4 accent-indigo-600"
          aria-label={`Main photo: ${name}`}
        />
        <span aria-hidden="true">Main photo</span>
      </label>
    </div>
  );

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <div>
        <h2 id={`${id}-heading`} className="text-sm font-medium">
          Photos (optional)
        </h2>
        <p className="muted">The main photo leads the listing and shows on its card. Up to {LISTING_PHOTOS_MAX} photos.</p>
      </div>
      {photos.saved.length || photos.entries.length ? (
        <ol aria-label="The listing’s photos" className="space-y-2">
          {photos.saved.map((p, i) => {
            const key = savedKey(p.id);
            const name = `Photo ${i + 1}`;
            return (
              <li
                key={key}
                className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-2 dark:border-slate-700 dark:bg-slate-900"
              >
                <img
                  src={p.img}
                  alt={name}
                  width={64}
                  height={64}
                  className="size-16 shrink-0 rounded-lg bg-slate-100 object-cover dark:bg-slate-800"
                />
                <div className="min-w-0 flex-1">
                  <p className="text-sm">
                    <span className="font-medium">{name}</span> <span className="muted">· on the listing</span>
                  </p>
                  {caption(key, name)}
                </div>
                <button
                  type="button"
                  className={buttonStyles.ghost}
                  onClick={() => setConfirming({ key, name })}
                  disabled={disabled}
                  aria-label={`Delete ${name}`}
                >
                  Delete
                </button>
              </li>
            );
          })}
          {photos.entries.map((entry) => (
            <li key={entry.key}>
              <UploadRow
                entry={entry}
                preview={previewOf(entry)}
                waitingText={waiting}
                onRetry={() => photos.retry(entry.key)}
                onRemove={() =>
                  entry.status === 'done' ? setConfirming({ key: entry.key, name: entry.file.name }) : photos.drop(entry.key)
                }
                disabled={disabled}
              >
                {caption(entry.key, entry.file.name)}
              </UploadRow>
            </li>
          ))}
        </ol>
      ) : null}
      {full ? (
        <p className="muted">This listing has as many photos as it may have.</p>
      ) : (
        <PhotoPicker
          maxBytes={maxBytes}
          onPick={(files) => void photos.pick(files)}
          hasPhotos={photos.count > 0}
          disabled={disabled}
          when={photos.listingId ? 'Each photo starts uploading as soon as you add it.' : 'They upload when you publish the listing.'}
        />
      )}
      <RefusedFiles messages={photos.refused} />
      {confirming ? (
        <ConfirmDialog
          open
          onClose={() => setConfirming(null)}
          title={`Delete ${confirming.name}?`}
          description="It is taken off the listing at once."
          confirmLabel="Delete photo"
          pendingLabel="Deleting…"
          action={() => photos.deleteOnSite(confirming.key)}
          onDone={(message) => {
            setConfirming(null);
            announce(message);
          }}
        />
      ) : null}
    </section>
  );
}
