/** No photo open over the album. */
export default function NoViewer() {
  return null;
}
