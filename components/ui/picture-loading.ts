/**
 * A picture's `loading` attribute: lazy, unless it is in the first screen of its page (the
 * first row of a grid of albums, listings or photos; a post's photo on the post's own page).
 * There the largest picture is usually the page's largest paint (its LCP), and a lazy one is
 * asked for only once the page has been laid out: measured at 4× CPU slowdown, 100–300 ms after
 * the first paint, against a picture that is not lazy, which React's HTML head preloads and
 * which paints with the page. Further down, lazy spares the bandwidth of pictures never seen.
 */
export function pictureLoading(firstScreen: boolean): 'lazy' | undefined {
  return firstScreen ? undefined : 'lazy';
}
