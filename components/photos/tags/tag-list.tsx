'use client';

import dynamic from 'next/dynamic';
import { Link } from '@/components/ui/link';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState } from 'react';
import { useAnnounce } from '@/components/ui/announcer';
import { buttonStyles } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { useAction } from '@/components/ui/use-action';
import { tagName } from '@/lib/photos/tag-name';
import { routes } from '@/lib/routes';
import type { PhotoTag } from '@/lib/social-api/tags';
import { untagPhoto } from './actions';
import { usePhotoTags } from './tags-context';

const TagForm = dynamic(() => import('./tag-form'));

/**
 * "In this photo: Alice Martin, the lake": the photo's tags as a list, the accessible source of
 * truth for the boxes over the photo. Each member's name links to their wall; hovering or
 * focusing a name highlights its box. "Tag someone" where the photo allows it, and "Remove"
 * beside each tag the reader may remove.
 */
export function PhotoTagList() {
  const t = usePhotoTags();
  const router = useRouter();
  const announce = useAnnounce();
  const remove = useAction();
  const headingId = useId();
  const tagButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  // Closing the form gives the focus back to "Tag someone" once it is there again.
  const refocus = useRef(false);
  const tagging = t?.tagging ?? false;
  useEffect(() => {
    if (!tagging && refocus.current) {
      refocus.current = false;
      tagButton.current?.focus();
    }
  }, [tagging]);
  if (!t) return null;
  const { tags, canTag } = t;
  if (!tags.length && !canTag) return null;

  const highlight = (tag: PhotoTag) => ({
    onMouseEnter: () => t.setHighlighted(tag.id),
    onMouseLeave: () => t.setHighlighted(null),
    onFocus: () => t.setHighlighted(tag.id),
    onBlur: () => t.setHighlighted(null),
  });

  const onRemove = async (tag: PhotoTag) => {
    setRemoving(tag.id);
    const res = await remove.run(() => untagPhoto(t.photoId, tag.id));
    setRemoving(null);
    if (!res.ok) return;
    t.setHighlighted(null);
    t.setTags((list) => list.filter((x) => x.id !== tag.id));
    announce(`${tagName(tag)} is no longer tagged in this photo.`);
    heading.current?.focus();
    router.refresh();
  };

  const closeForm = (added?: PhotoTag) => {
    refocus.current = true;
    t.setTagging(false);
    if (added) {
      t.setTags((list) => [...list, added]);
      announce(`${tagName(added)} is tagged in this photo.`);
      router.refresh();
    }
  };

  return (
    <section aria-labelledby={headingId} className="mt-3">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="text-sm font-semibold outline-none">
          In this photo:
        </h2>
        {tags.length ? (
          <ul aria-labelledby={headingId} className="flex flex-wrap items-baseline gap-x-1 gap-y-1 text-sm">
            {tags.map((tag, i) => (
              <li key={tag.id} className="inline-flex items-baseline gap-1">
                {tag.user ? (
                  <Link href={routes.user(tag.user.id)} className="link" {...highlight(tag)}>
                    {tag.user.name}
                  </Link>
                ) : (
                  <button type="button" className="link" aria-pressed={t.highlighted === tag.id} {...highlight(tag)}>
                    {tag.label}
                  </button>
                )}
                {tag.canDelete ? (
                  <button
                    type="button"
                    className="muted rounded px-1 hover:underline"
                    onClick={() => onRemove(tag)}
                    disabled={removing !== null}
                  >
                    {removing === tag.id ? 'Removing…' : 'Remove'}
                    <span className="sr-only"> the tag of {tagName(tag)}</span>
                  </button>
                ) : null}
                {i < tags.length - 1 ? <span aria-hidden>,</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">no one is tagged yet.</p>
        )}
        {canTag && !tagging ? (
          <button ref={tagButton} type="button" className={`${buttonStyles.ghost} ml-auto`} onClick={() => t.setTagging(true)}>
            Tag someone
          </button>
        ) : null}
      </div>
      <FormError message={remove.problem?.message} signedOut={remove.problem?.signedOut} className="mt-1" />
      {tagging ? <TagForm onClose={closeForm} /> : null}
    </section>
  );
}
