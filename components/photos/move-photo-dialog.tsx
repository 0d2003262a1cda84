'use client';

import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { movePhoto, myAlbumChoices } from '@/components/albums/manage/actions';
import { Field } from '@/components/ui/form-fields';
import { lazyZodResolver } from '@/components/ui/lazy-resolver';
import { FormDialog, useDialogSubmit } from '@/components/albums/manage/form-dialog';
import type { PhotoMoveValues } from '@/lib/validations/album';
import { callAction } from '@/lib/action-result';
import type { AlbumChoice, AlbumChoices } from '@/lib/social-api/albums';

const resolver = lazyZodResolver<PhotoMoveValues>(() => import('@/lib/validations/album').then((m) => m.photoMoveSchema));

/** From this many albums on, a field finds them by the words typed. */
const FIND_FROM = 10;

const albumsOf = (n: number) => (n === 1 ? '1 album' : `${n} albums`);

/**
 * Moves a photo to another of one's albums (it goes to the end of that album). Every album one
 * may add to is offered; when there are many, the words typed narrow the list, and past what
 * one reading lists (AlbumChoices.complete) they are asked of the API.
 */
export default function MovePhotoDialog({ photo, onClose }: { photo: { id: number; albumId: number }; onClose: () => void }) {
  const id = useId();
  const [choices, setChoices] = useState<AlbumChoices | null>(null);
  const [words, setWords] = useState('');
  /** The API's answer to the words typed, when the list is not complete (null while asked). */
  const [found, setFound] = useState<AlbumChoice[] | null>(null);
  const form = useForm<PhotoMoveValues>({ resolver, defaultValues: { albumId: '' } });
  const {
    register,
    getValues,
    setValue,
    formState: { errors },
  } = form;
  const { pending, problem, setProblem, submit } = useDialogSubmit(form, ['albumId'], (values) => movePhoto(photo.id, values), onClose);

  useEffect(() => {
    void callAction(() => myAlbumChoices(photo.albumId)).then((res) =>
      res.ok ? setChoices(res.data) : setProblem({ message: res.message, signedOut: res.signedOut }),
    );
  }, [photo.albumId, setProblem]);

  const typed = words.trim();
  const asking = choices !== null && !choices.complete && typed !== '';
  useEffect(() => {
    if (!asking) return;
    let live = true;
    const t = setTimeout(async () => {
      const res = await callAction(() => myAlbumChoices(photo.albumId, typed));
      if (!live) return;
      if (res.ok) setFound(res.data.albums);
      else setProblem({ message: res.message, signedOut: res.signedOut });
    }, 250);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [asking, typed, photo.albumId, setProblem]);

  const matches = useMemo(() => {
    if (!choices || !typed) return choices?.albums ?? null;
    if (!choices.complete) return found;
    const w = typed.toLocaleLowerCase();
    return choices.albums.filter((a) => a.title.toLocaleLowerCase().includes(w));
  }, [choices, typed, found]);

  // The choice follows the list: an album the words no longer match is no longer chosen, and
  // the one album they match is.
  useEffect(() => {
    if (!matches) return;
    const chosen = getValues('albumId');
    if (matches.some((a) => String(a.id) === chosen)) return;
    setValue('albumId', matches.length === 1 ? String(matches[0]!.id) : '');
  }, [matches, getValues, setValue]);

  const total = choices?.albums.length ?? 0;
  const finding = choices !== null && (total > FIND_FROM || !choices.complete);
  const foundLine = !typed
    ? choices?.complete
      ? `Type part of a title to narrow your ${albumsOf(total)}.`
      : `Your ${total} newest albums are listed: type part of a title to search them all.`
    : matches === null
      ? 'Searching…'
      : `${albumsOf(matches.length)} ${matches.length === 1 ? 'matches' : 'match'}.`;

  return (
    <FormDialog
      title="Move photo"
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      problem={problem}
      submitLabel="Move photo"
      pendingLabel="Moving…"
      submitDisabled={!total}
    >
      {finding ? (
        <div>
          <label htmlFor={`${id}-find`} className="text-sm font-medium">
            Find an album
          </label>
          <input
            id={`${id}-find`}
            type="search"
            value={words}
            onChange={(e) => {
              setWords(e.target.value);
              setFound(null);
            }}
            maxLength={200}
            autoComplete="off"
            aria-describedby={`${id}-found`}
            className="field"
          />
          <p id={`${id}-found`} className="muted mt-1 text-sm" aria-live="polite">
            {foundLine}
          </p>
        </div>
      ) : null}
      <Field id={`${id}-album`} label="Move to" error={errors.albumId?.message}>
        {(a) => (
          <select {...a} {...register('albumId')} disabled={!choices} className="field">
            <option value="">
              {!choices
                ? 'Loading your albums…'
                : !total
                  ? 'You have no other album'
                  : !matches
                    ? 'Searching…'
                    : matches.length
                      ? 'Choose an album'
                      : 'No album matches'}
            </option>
            {matches?.map((al) => (
              <option key={al.id} value={String(al.id)}>
                {al.title}
              </option>
            ))}
          </select>
        )}
      </Field>
    </FormDialog>
  );
}
