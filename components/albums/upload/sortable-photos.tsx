'use client';

import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useId, useMemo, useRef, type ReactNode } from 'react';

// Photos (or songs: `noun`) in an order the person chooses: by dragging a photo's handle with a pointer, or with
// the keyboard (focus the handle, Space or Enter to pick it up, the arrow keys to move it, Space
// or Enter to drop, Escape to cancel), each step told to screen readers by @dnd-kit's live
// region in words that name the photo and its place. Used by the "Add photos" page (the
// order of the uploads) and the album page (its owner reordering the album). ~20 KB gzip of
// @dnd-kit: pages that show it only sometimes should load it with next/dynamic.

export type SortableItemContext = {
  /** The drag handle, a button: put it in the item where it belongs. */
  handle: ReactNode;
  /** 0-based place in the list. */
  index: number;
  /** Being moved right now. */
  dragging: boolean;
};

export type SortablePhotosProps<T> = {
  items: readonly T[];
  /** A stable, unique id of each item. */
  itemId: (item: T) => UniqueIdentifier;
  /** What the item is called, for the handle's label and the announcements ("lake.png", a photo's title). */
  itemName: (item: T) => string;
  /** Called with the items in their new order after a move. */
  onReorder: (items: T[]) => void;
  /** The list's accessible name, e.g. "Photos to add, in order". */
  label: string;
  renderItem: (item: T, ctx: SortableItemContext) => ReactNode;
  /** A column of rows (↑ ↓ move) or a grid (all four arrows). */
  layout?: 'list' | 'grid';
  className?: string;
  /** What an item is, in the instructions ("photo" unless told: a playlist's "song"). */
  noun?: string;
};

const instructions = (noun: string) =>
  `To move a ${noun}, press Space or Enter on its handle, move it with the arrow keys, then press Space or Enter to drop it in its new place, or Escape to put it back.`;

export function SortablePhotos<T>({
  items,
  itemId,
  itemName,
  onReorder,
  label,
  renderItem,
  layout = 'list',
  className,
  noun = 'photo',
}: SortablePhotosProps<T>) {
  const contextId = useId();
  const ids = useMemo(() => items.map(itemId), [items, itemId]);
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so that a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // A drag begins over its own place: that is not a move, and would talk over "Picked up".
  const moved = useRef(false);
  const announcements = useMemo<Announcements>(() => {
    const total = ids.length;
    const at = (id: UniqueIdentifier) => ids.indexOf(id);
    const name = (id: UniqueIdentifier) => {
      const i = at(id);
      return i >= 0 ? itemName(items[i]!) : `The ${noun}`;
    };
    const place = (id: UniqueIdentifier) => `position ${at(id) + 1} of ${total}`;
    return {
      onDragStart: ({ active }) => {
        moved.current = false;
        return `Picked up ${name(active.id)}, at ${place(active.id)}.`;
      },
      onDragOver: ({ active, over }) => {
        if (!moved.current && over?.id === active.id) return undefined;
        moved.current = true;
        return over ? `${name(active.id)} moved to ${place(over.id)}.` : `${name(active.id)} is not over a position.`;
      },
      onDragEnd: ({ active, over }) =>
        over ? `${name(active.id)} dropped at ${place(over.id)}.` : `${name(active.id)} dropped where it was.`,
      onDragCancel: ({ active }) => `Moving cancelled. ${name(active.id)} is back at ${place(active.id)}.`,
    };
  }, [ids, items, itemName, noun]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(active.id);
    const to = ids.indexOf(over.id);
    if (from < 0 || to < 0) return;
    onReorder(arrayMove([...items], from, to));
  };

  return (
    <DndContext
      id={contextId}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: instructions(noun) } }}
    >
      <SortableContext items={ids} strategy={layout === 'grid' ? rectSortingStrategy : verticalListSortingStrategy}>
        <ol aria-label={label} className={className}>
          {items.map((item, index) => (
            <SortableRow key={ids[index]} id={ids[index]!} name={itemName(item)} index={index} total={items.length}>
              {(handle, dragging) => renderItem(item, { handle, index, dragging })}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

type SortableRowProps = {
  id: UniqueIdentifier;
  name: string;
  index: number;
  total: number;
  children: (handle: ReactNode, dragging: boolean) => ReactNode;
};

function SortableRow({ id, name, index, total, children }: SortableRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`Move ${name} (position ${index + 1} of ${total})`}
      className="inline-flex size-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 active:cursor-grabbing dark:text-slate-300 dark:hover:bg-slate-800"
    >
      <GripIcon />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={isDragging ? 'relative z-10 opacity-90 shadow-lg' : 'relative'}
    >
      {children(handle, isDragging)}
    </li>
  );
}

/** Six dots: "this can be dragged". */
function GripIcon() {
  return (
    <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
      {[6, 10, 14].map((y) => (
        <g key={y}>
          <circle cx="7.5" cy={y} r="1.4" />
          <circle cx="12.5" cy={y} r="1.4" />
        </g>
      ))}
    </svg>
  );
}
