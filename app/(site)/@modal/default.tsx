/** No photo open over the page (a page loaded whole: every slot starts here). */
export default function NoViewer() {
  return null;
}
