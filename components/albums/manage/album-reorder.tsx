'use client';

import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useAnnounce } from '@/components/ui/announcer';
import { buttonStyles } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { useAction } from '@/components/ui/use-action';
import type { PhotoThumb } from '@/lib/social-api/albums';
import { albumPhotosInOrder, reorderPhotos } from './actions';

// @dnd-kit (~20 KB gzip) loads when the owner starts reordering, not with the album.
type Item = PhotoThumb & { n: number };
const SortablePhotos = dynamic(() => import('@/components/albums/upload/sortable-photos').then((m) => m.SortablePhotos<Item>));

const name = (p: Item) => `Photo ${p.n}`;

/**
 * The owner puts the album's photos in an order of their choosing: "Reorder photos" shows them
 * all, to move by dragging or with the keyboard (SortablePhotos), then "Save order"
 * (POST /albums/{id}/order, an extension).
 */
export function AlbumReorder({ albumId }: { albumId: number }) {
  const router = useRouter();
  const announce = useAnnounce();
  const { pending, problem, run } = useAction();
  const [photos, setPhotos] = useState<Item[] | null>(null);

  const start = async () => {
    const res = await run(() => albumPhotosInOrder(albumId));
    if (res.ok) setPhotos(res.data.map((p, i) => ({ ...p, n: i + 1 })));
  };
  const save = async () => {
    if (!photos) return;
    const res = await run(() =>
      reorderPhotos(
        albumId,
        photos.map((p) => p.id),
      ),
    );
    if (!res.ok) return;
    announce(res.message);
    setPhotos(null);
    router.refresh();
  };

  if (!photos) {
    return (
      <div className="mb-3">
        <button type="button" className={buttonStyles.secondary} onClick={start} disabled={pending}>
          {pending ? 'Loading the photos…' : 'Reorder photos'}
        </button>
        <FormError message={problem?.message} signedOut={problem?.signedOut} className="mt-2" />
      </div>
    );
  }
  return (
    <section aria-label="Reorder photos" className="card mb-4">
      <p className="muted mb-3 text-sm">
        Drag a photo by its handle, or focus the handle and use Space and the arrow keys. Then save the order.
      </p>
      <SortablePhotos
        items={photos}
        itemId={(p) => p.id}
        itemName={name}
        onReorder={setPhotos}
        label="Photos of the album, in order"
        layout="grid"
        className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6"
        renderItem={(p, { handle }) => (
          <div className="relative">
            <img
              src={p.thumb}
              alt=""
              width={240}
              height={240}
              loading="lazy"
              className="aspect-square w-full rounded-md bg-slate-100 object-cover dark:bg-slate-800"
            />
            <div className="absolute top-1 left-1 rounded-lg bg-white/90 dark:bg-slate-900/90">{handle}</div>
          </div>
        )}
      />
      <FormError message={problem?.message} signedOut={problem?.signedOut} className="mt-3" />
      <div className="mt-3 flex justify-end gap-3">
        <button type="button" className={buttonStyles.secondary} onClick={() => setPhotos(null)} disabled={pending}>
          Cancel
        </button>
        <button type="button" className={buttonStyles.primary} onClick={save} disabled={pending}>
          {pending ? 'Saving…' : 'Save order'}
        </button>
      </div>
    </section>
  );
}
