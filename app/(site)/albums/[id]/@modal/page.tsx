/** The album itself: no photo open over it (a soft navigation back to the album closes the viewer). */
export default function AlbumWithoutViewer() {
  return null;
}
