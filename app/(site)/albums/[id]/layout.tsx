import type { ReactNode } from 'react';

/**
 * An album's page, and over it (the `modal` slot) the photo viewer: a photo opened from the
 * grid keeps its own URL (/photos/{id}) but shows over the album; a reload of that URL is the
 * photo's full page. Only navigations that start on an album page are intercepted.
 */
export default function AlbumLayout({ children, modal }: { children: ReactNode; modal: ReactNode }) {
  return (
    <>
      {children}
      {modal}
    </>
  );
}
