// Answers kept by key, and Intl's date formatters kept by locale and options, the same way in
// both processes. Building an Intl.DateTimeFormat loads its locale's patterns and its zone's
// rules, tens of microseconds; formatting with a built one takes a few. A page that formatted
// each time with a new formatter paid that for every date: the month calendar built hundreds
// of them, 16 ms of the web server's 40 a render at a million rows (docs/performance.md).
//
// Written here rather than taken from FormatJS's memoizer (@formatjs/fast-memoize): that one
// keeps every key for ever, and locales and zones come from requests (Accept-Language, the
// zone cookie, an event's zone), so an unbounded cache is memory a client could fill.

/**
 * `compute`'s answers kept by key, at most `max` of them (when full, they are let go all at once
 * and kept again as they are asked for).
 */
export function kept<V>(max: number, compute: (key: string) => V): (key: string) => V {
  const answers = new Map<string, V>();
  return (key) => {
    if (answers.has(key)) return answers.get(key)!;
    const answer = compute(key);
    if (answers.size >= max) answers.clear();
    answers.set(key, answer);
    return answer;
  };
}

const KEY = '\u0000';

const formatters = kept(500, (key) => {
  const at = key.indexOf(KEY);
  const locale = key.slice(0, at);
  return new Intl.DateTimeFormat(locale || undefined, JSON.parse(key.slice(at + 1)) as Intl.DateTimeFormatOptions);
});

/**
 * `new Intl.DateTimeFormat(locale, options)`, built once for each locale and options and kept
 * (500 at most). It throws as the constructor does (an unknown zone, a malformed locale), and
 * nothing is kept then. `undefined` is the runtime's default locale.
 */
export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return formatters(`${locale ?? ''}${KEY}${JSON.stringify(options)}`);
}
