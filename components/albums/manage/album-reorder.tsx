'use client';

import dynamic from 'next/dynamic';
import { buttonStyles } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { ReorderFooter, useReorder } from '@/components/ui/reorder';
import { SquareThumb } from '@/components/ui/square-thumb';
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
  const { pending, problem, run, order: photos, setOrder: setPhotos, saveOrder } = useReorder<Item>((ids) => reorderPhotos(albumId, ids));

  const start = async () => {
    const res = await run(() => albumPhotosInOrder(albumId));
    if (res.ok) setPhotos(res.data.map((p, i) => ({ ...p, n: i + 1 })));
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
            <SquareThumb src={p.thumb} />
            <div className="absolute top-1 left-1 rounded-lg bg-white/90 dark:bg-slate-900/90">{handle}</div>
          </div>
        )}
      />
      <ReorderFooter problem={problem} pending={pending} onCancel={() => setPhotos(null)} onSave={saveOrder} />
    </section>
  );
}
