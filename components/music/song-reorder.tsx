'use client';

import dynamic from 'next/dynamic';
import { buttonStyles } from '@/components/ui/button';
import { ReorderFooter, useReorder } from '@/components/ui/reorder';
import { formatDuration } from '@/lib/media-time';
import { reorderSongsAction } from './actions';

// @dnd-kit (~20 KB gzip) loads when the owner starts reordering, not with the playlist.
type Item = { id: number; title: string; duration: number | null };
const SortableSongs = dynamic(() => import('@/components/albums/upload/sortable-photos').then((m) => m.SortablePhotos<Item>));

const name = (s: Item) => s.title;

/**
 * The owner puts the playlist's songs in an order of their choosing: "Reorder songs" shows them,
 * to move by dragging a handle or with the keyboard (the album's reordering, SortablePhotos), then
 * "Save order" (POST /music/{id}/order, an extension).
 */
export function SongReorder({ playlistId, songs }: { playlistId: number; songs: Item[] }) {
  const { pending, problem, order, setOrder, saveOrder } = useReorder<Item>((songIds) => reorderSongsAction({ id: playlistId, songIds }));

  if (!order) {
    return (
      <button type="button" className={buttonStyles.secondary} onClick={() => setOrder(songs)} disabled={songs.length < 2}>
        Reorder songs
      </button>
    );
  }
  return (
    <section aria-label="Reorder songs" className="card mt-4 w-full">
      <p className="muted mb-3 text-sm">
        Drag a song by its handle, or focus the handle and use Space and the arrow keys. Then save the order.
      </p>
      <SortableSongs
        items={order}
        itemId={(s) => s.id}
        itemName={name}
        onReorder={setOrder}
        label="Songs of the playlist, in order"
        noun="song"
        className="space-y-2"
        renderItem={(s, { handle, index }) => (
          <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-2 dark:border-slate-700 dark:bg-slate-900">
            {handle}
            <span className="muted w-6 text-right tabular-nums">{index + 1}</span>
            <span className="min-w-0 flex-1 truncate font-medium">{s.title}</span>
            <span className="muted tabular-nums">{formatDuration(s.duration)}</span>
          </div>
        )}
      />
      <ReorderFooter problem={problem} pending={pending} onCancel={() => setOrder(null)} onSave={saveOrder} />
    </section>
  );
}
