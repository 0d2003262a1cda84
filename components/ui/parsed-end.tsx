/**
 * The last child of a box with the class `shown-when-parsed`: until the browser has parsed it, the
 * box is invisible (app/globals.css). For a box laid out from its end (a conversation from its
 * foot, the header's icons from the right), which would otherwise move what it shows as a slow
 * parse adds the rest (docs/web/rendering.md).
 */
export function ParsedEnd() {
  return <span className="parsed-end" hidden />;
}
