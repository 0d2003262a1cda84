'use client';

import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { PhotoTag, TagBox } from '@/lib/social-api/tags';

// What the picture (its boxes, the box being drawn) and the list under it ("In this photo")
// share: the photo's tags, the one highlighted from the list, and the new tag's box.

export interface PhotoTagsState {
  photoId: number;
  canTag: boolean;
  tags: PhotoTag[];
  setTags: (update: (tags: PhotoTag[]) => PhotoTag[]) => void;
  /** The tag whose box is shown highlighted (its name is hovered or focused in the list). */
  highlighted: number | null;
  setHighlighted: (id: number | null) => void;
  /** "Tag someone" is open: the picture takes a drawn box. */
  tagging: boolean;
  setTagging: (on: boolean) => void;
  /** The new tag's box, in the original image's pixels. */
  draft: TagBox | null;
  setDraft: (box: TagBox | null) => void;
  /** The original image's size in pixels, once it has loaded. */
  natural: { w: number; h: number } | null;
  setNatural: (size: { w: number; h: number }) => void;
  /** Set when the draft box was drawn with the pointer: the form then takes the focus. */
  drawnAt: number;
  setDrawnAt: (n: number) => void;
}

const Context = createContext<PhotoTagsState | null>(null);

export function usePhotoTags(): PhotoTagsState | null {
  return useContext(Context);
}

export function PhotoTagsProvider({
  photoId,
  canTag,
  initial,
  children,
}: {
  photoId: number;
  canTag: boolean;
  initial: PhotoTag[];
  children: ReactNode;
}) {
  const [tags, setTagList] = useState(initial);
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const [tagging, setTaggingOn] = useState(false);
  const [draft, setDraft] = useState<TagBox | null>(null);
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const [drawnAt, setDrawnAt] = useState(0);

  // A fresh read from the server (after a change, or another photo in the viewer) wins, and
  // another photo starts with nothing drawn, highlighted or measured.
  const [given, setGiven] = useState({ photoId, initial });
  if (given.photoId !== photoId || given.initial !== initial) {
    setGiven({ photoId, initial });
    setTagList(initial);
    if (given.photoId !== photoId) {
      setTaggingOn(false);
      setDraft(null);
      setHighlighted(null);
      setNatural(null);
    }
  }

  const value = useMemo<PhotoTagsState>(
    () => ({
      photoId,
      canTag,
      tags,
      setTags: (update) => setTagList(update),
      highlighted,
      setHighlighted,
      tagging,
      setTagging: (on) => {
        setTaggingOn(on);
        if (!on) setDraft(null);
      },
      draft,
      setDraft,
      natural,
      setNatural,
      drawnAt,
      setDrawnAt,
    }),
    [photoId, canTag, tags, highlighted, tagging, draft, natural, drawnAt],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}
