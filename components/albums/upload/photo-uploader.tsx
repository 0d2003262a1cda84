'use client';

import { useRouter } from 'next/navigation';
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useForm, type Path } from 'react-hook-form';
import { useAnnounce } from '@/components/ui/announcer';
import { buttonStyles } from '@/components/ui/button';
import { useFocusCarry, useHandFocusOver, useTakeFocusUp, type FocusCarry } from '@/components/ui/carried-focus';
import { FormError } from '@/components/ui/form-error';
import { placeRefusal } from '@/components/ui/form-refusal';
import { lazyZodResolver } from '@/components/ui/lazy-resolver';
import { useFilePreviews } from '@/components/ui/use-file-previews';
import { useUploadQueue, type QueuedUpload } from '@/components/ui/use-upload-queue';
import { callAction } from '@/lib/action-result';
import { itemHref, routes } from '@/lib/routes';
import type { AlbumSettingsValues } from '@/lib/validations/album';
import { PHOTO_DESCRIPTION_MAX } from '@/lib/validations/photo-file';
import { checkPhotoBytes } from '@/lib/validations/photo-file';
import { saveAlbumUpload } from './actions';
import { AlbumSettingsFields, newAlbumDefaults, type AlbumSettingsChoices } from './album-settings-fields';
import { PhotoPicker } from './photo-picker';
import { RefusedFiles } from './refused-files';
import type { SortablePhotosProps } from './sortable-photos';
import { UploadRow } from './upload-row';

const resolver = lazyZodResolver<AlbumSettingsValues>(() => import('@/lib/validations/album').then((m) => m.albumSettingsSchema));

// The "Add photos" page: photos picked or dropped are checked here (their first bytes, their
// size) and each one accepted streams at once through /api/upload/photos, three at a time,
// each with its own progress; a failed one can be retried. Their order is the order picked
// until the person moves them (pointer or keyboard). Saving puts them into the album in that
// order — an existing one, or a new one made from the settings below the photos. A failed save
// keeps everything: the photos stay uploaded, the fields keep what was typed.

/** The route that streams each file on to POST /albums/photo_upload (a group's: POST /groups/photos_upload). */
const UPLOAD_URL = '/api/upload/photos';
const GROUP_UPLOAD_URL = '/api/upload/group-photos';
/** Files on their way at once. */
const CONCURRENT_UPLOADS = 3;
/** A new album's fields, where a refusal's field errors land. */
// The new album's fields, each once (a missing or unknown one is a type error).
const ALBUM_FIELD_SET = {
  title: true,
  categoryId: true,
  description: true,
  authView: true,
  authComment: true,
  authTag: true,
  searchable: true,
} satisfies Record<keyof AlbumSettingsValues, true>;
const ALBUM_FIELDS = Object.keys(ALBUM_FIELD_SET) as Path<AlbumSettingsValues>[];

type Uploaded = { photoId: number };
type Entry = QueuedUpload<Uploaded>;

function parseUploaded(body: unknown): Uploaded | undefined {
  const b = body as { photo_id?: unknown } | null;
  return b && typeof b.photo_id === 'number' ? { photoId: b.photo_id } : undefined;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

type ListProps = SortablePhotosProps<Entry> & { carry: FocusCarry };

// The sortable list (@dnd-kit, ~17 KB gzip) loads when the first photo is picked, not with the
// page; until it is there, the same rows show in a plain list. A description being typed as the
// one replaces the other keeps its focus and caret (useHandFocusOver, useTakeFocusUp).
const SortablePhotos = lazy(() =>
  import('./sortable-photos').then(({ SortablePhotos: Rows }) => ({
    default: function SortableRows({ carry, ...props }: ListProps) {
      useTakeFocusUp(carry);
      return <Rows<Entry> {...props} />;
    },
  })),
);

/** The rows without their handles, while the sortable list loads. */
function PlainPhotos({ items, label, className, renderItem, carry }: ListProps) {
  const list = useRef<HTMLOListElement>(null);
  useHandFocusOver(carry, list);
  return (
    <ol ref={list} aria-label={label} className={className}>
      {items.map((item, index) => (
        <li key={item.key}>{renderItem(item, { handle: <span className="size-9 shrink-0" />, index, dragging: false })}</li>
      ))}
    </ol>
  );
}

export type UploadTarget =
  | { kind: 'existing'; albumId: number; title: string }
  | { kind: 'new'; choices: AlbumSettingsChoices }
  /** A group's one album (docs/api.md, "Groups": photos). */
  | { kind: 'group'; groupId: number; title: string };

export type PhotoUploaderProps = {
  /** Largest photo, in bytes (UPLOAD_MAX_BYTES). */
  maxBytes: number;
  target: UploadTarget;
};

export function PhotoUploader({ maxBytes, target }: PhotoUploaderProps) {
  const id = useId();
  const router = useRouter();
  const announce = useAnnounce();
  const newAlbum = target.kind === 'new';
  const form = useForm<AlbumSettingsValues>({
    resolver,
    defaultValues: target.kind === 'new' ? newAlbumDefaults(target.choices) : undefined,
    mode: 'onTouched',
  });
  const group = target.kind === 'group' ? target.groupId : undefined;
  const queue = useUploadQueue<Uploaded>({
    url: group ? GROUP_UPLOAD_URL : UPLOAD_URL,
    fields: group ? { group_id: String(group) } : undefined,
    fileField: 'Filedata',
    parse: parseUploaded,
    concurrency: CONCURRENT_UPLOADS,
  });
  const { entries } = queue;
  const previewOf = useFilePreviews(entries);
  const [refused, setRefused] = useState<string[]>([]);
  const [photosError, setPhotosError] = useState('');
  const [formMessage, setFormMessage] = useState<{ message: string; signedOut?: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  // Each photo's description (its alt text), by the upload's key.
  const [descriptions, setDescriptions] = useState<Record<string, string>>({});
  /** The album the photos went into, and its page (undefined while albums have no page). */
  const [savedTo, setSavedTo] = useState<{ albumId: number; href?: string } | null>(null);
  const photosHeading = useRef<HTMLHeadingElement>(null);
  const carry = useFocusCarry();

  const done = entries.filter((e) => e.status === 'done').length;
  const failed = entries.filter((e) => e.status === 'failed').length;
  const busy = entries.length - done - failed;
  const locked = saving || savedTo !== null;

  // Everything uploaded: said once, when the last one lands.
  const allDone = entries.length > 0 && done === entries.length;
  const wasAllDone = useRef(false);
  useEffect(() => {
    if (allDone && !wasAllDone.current)
      announce(entries.length === 1 ? 'The photo is uploaded.' : `All ${entries.length} photos are uploaded.`);
    wasAllDone.current = allDone;
  }, [allDone, entries.length, announce]);

  // Photos uploaded (or on their way) but not saved into an album: leaving asks first.
  useEffect(() => {
    if (!entries.length || savedTo !== null) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [entries.length, savedTo]);

  const pick = async (files: File[]) => {
    setPhotosError('');
    const problems = await Promise.all(files.map((f) => checkPhotoBytes(f, maxBytes)));
    // In the order picked: the accepted ones go to the end of the list.
    const accepted = files.filter((_, i) => !problems[i]);
    setRefused(problems.filter((p): p is string => !!p));
    if (accepted.length) {
      queue.add(accepted);
      announce(`${plural(accepted.length, 'photo')} added, uploading.`);
    }
  };

  /** Why the photos cannot be saved yet, or ''. */
  const photosProblem = () => {
    if (!entries.length) return 'Add at least one photo.';
    if (busy) return `Wait until every photo is uploaded (${busy} still on the way).`;
    if (failed) return `Retry or remove the ${plural(failed, 'photo')} that did not upload.`;
    return '';
  };

  const save = async (album?: AlbumSettingsValues) => {
    setFormMessage(null);
    const problem = photosProblem();
    setPhotosError(problem);
    if (problem) {
      photosHeading.current?.focus();
      return;
    }
    const saved = entries.flatMap((e) => (e.status === 'done' ? [e] : []));
    const photoIds = saved.map((e) => e.result.photoId);
    const described = { photoIds, descriptions: saved.map((e) => descriptions[e.key]?.trim() ?? '') };
    setSaving(true);
    const res = await callAction(() =>
      saveAlbumUpload(
        album
          ? { ...described, album }
          : group
            ? { ...described, groupId: group }
            : { ...described, albumId: target.kind === 'existing' ? target.albumId : undefined },
      ),
    );
    // The fields are enabled again before one of them takes the focus.
    flushSync(() => setSaving(false));
    if (!res.ok) {
      // Nothing is lost: the photos stay uploaded and in order, the fields keep what was typed.
      const { photos, ...rest } = res.fieldErrors ?? {};
      if (photos) setPhotosError(photos);
      setFormMessage(placeRefusal(form, { ...res, fieldErrors: rest }, newAlbum ? ALBUM_FIELDS : []));
      return;
    }
    const href = group ? routes.groupPhotos(group) : itemHref({ type: 'album', id: res.data.albumId });
    setSavedTo({ albumId: res.data.albumId, href });
    announce(res.message);
    if (href) router.push(href);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!newAlbum) return void save();
    // The album's fields and the photos are checked together, so that every problem shows at once.
    void form.handleSubmit(
      (values) => save(values),
      () => setPhotosError(photosProblem()),
    )(e);
  };

  const listProps: ListProps = {
    carry,
    items: entries,
    itemId: entryKey,
    itemName: entryName,
    onReorder: queue.reorder,
    label: 'Photos to add, in order',
    className: 'space-y-2',
    renderItem: (entry, { handle }) => (
      <UploadRow
        entry={entry}
        preview={previewOf(entry)}
        handle={handle}
        onRetry={() => queue.retry(entry.key)}
        onRemove={() => queue.remove(entry.key)}
        disabled={locked}
      >
        <label className="mt-1 block text-sm">
          <span className="font-medium">Description</span> <span className="muted">(alt text) of {entry.file.name}</span>
          <textarea
            id={`${id}-description-${entry.key}`}
            value={descriptions[entry.key] ?? ''}
            onChange={(e) => setDescriptions((d) => ({ ...d, [entry.key]: e.target.value }))}
            rows={1}
            maxLength={PHOTO_DESCRIPTION_MAX}
            disabled={locked}
            placeholder="What the photo shows, for people who cannot see it"
            className="field mt-1"
          />
        </label>
      </UploadRow>
    ),
  };

  const status = !entries.length
    ? ''
    : [`${plural(entries.length, 'photo')}`, `${done} uploaded`, busy ? `${busy} uploading` : '', failed ? `${failed} failed` : '']
        .filter(Boolean)
        .join(' · ');

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={newAlbum ? 'Add photos to a new album' : `Add photos to ${target.title}`}
      className="space-y-8"
    >
      <section aria-labelledby={`${id}-photos`} className="card space-y-4">
        <h2 id={`${id}-photos`} ref={photosHeading} tabIndex={-1} className="text-lg font-semibold">
          Photos
        </h2>
        <PhotoPicker maxBytes={maxBytes} onPick={(files) => void pick(files)} hasPhotos={entries.length > 0} disabled={locked} />
        <RefusedFiles messages={refused} />
        {entries.length ? (
          <>
            {/* Not a live region: adding photos and their all being uploaded are announced once each. */}
            <p className="muted">{status}</p>
            <p id={`${id}-order-hint`} className="muted">
              They go into the album in this order. To move a photo, drag it by its handle, or focus the handle, press Space, use the arrow
              keys, and press Space again.
            </p>
            <Suspense fallback={<PlainPhotos {...listProps} />}>
              <SortablePhotos {...listProps} />
            </Suspense>
          </>
        ) : null}
        <FormError message={photosError} />
      </section>

      {target.kind === 'new' ? (
        <section aria-labelledby={`${id}-album`} className="card space-y-4">
          <h2 id={`${id}-album`} className="text-lg font-semibold">
            Album
          </h2>
          <AlbumSettingsFields form={form} choices={target.choices} disabled={locked} />
        </section>
      ) : null}

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={locked}>
          {saving ? 'Saving…' : newAlbum ? 'Create album' : done > 1 ? `Add ${done} photos` : 'Add photos'}
        </button>
        {savedTo ? (
          <p role="status" className="muted">
            {savedTo.href ? 'Saved. Opening the album…' : 'Saved.'}
          </p>
        ) : null}
      </div>
      <FormError message={formMessage?.message} signedOut={formMessage?.signedOut} />
    </form>
  );
}

const entryKey = (e: Entry) => e.key;
const entryName = (e: Entry) => e.file.name;
