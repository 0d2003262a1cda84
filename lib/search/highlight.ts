// The search page marks the words a result matched, as the API matches them: case and accents
// aside ("diaz" marks "Díaz"), a quoted phrase as a whole, and a word of three letters or more
// also where a longer word begins with it. It works on plain text and returns plain parts, which
// React escapes: nothing of a result is ever read as markup.

export interface TextPart {
  text: string;
  match: boolean;
}

/**
 * The terms of a search as the API reads them: each "quoted phrase" one term of several words,
 * every other word a term of its own; a word is letters and digits, anything else separates.
 */
export function searchTerms(query: string): string[][] {
  const terms: string[][] = [];
  const re = /"([^"]*)"|([^\s"]+)/g;
  for (let m = re.exec(query); m; m = re.exec(query)) {
    const words = fold(m[1] ?? m[2] ?? '').match(/[\p{L}\p{N}]+/gu) ?? [];
    if (m[1] !== undefined) {
      if (words.length) terms.push(words);
    } else for (const w of words) terms.push([w]);
  }
  return terms;
}

/** Lower case without accents, one output character per input character's first code point. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** `text` cut into parts, the matched ones marked. */
export function highlight(text: string, query: string): TextPart[] {
  const terms = searchTerms(query);
  if (!text || !terms.length) return text ? [{ text, match: false }] : [];
  // Fold each character alone so that positions in the folded text map back to the original.
  const chars = Array.from(text);
  const starts: number[] = [];
  let folded = '';
  let offset = 0;
  for (const c of chars) {
    const f = fold(c) || c;
    for (let k = 0; k < f.length; k++) starts.push(offset);
    folded += f;
    offset += c.length;
  }
  starts.push(text.length);
  const marked = new Array<boolean>(folded.length).fill(false);
  for (const words of terms) {
    // Letters and digits only: nothing a person typed is read as a pattern.
    const prefix = words.length === 1 && Array.from(words[0]!).length >= 3;
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${words.join('[^\\p{L}\\p{N}]+')}${prefix ? '' : '(?![\\p{L}\\p{N}])'}`, 'gu');
    // A prefix marks only what was typed, as a person reads it ("cycl" in "cycling").
    for (const m of folded.matchAll(re)) for (let k = m.index; k < m.index + m[0].length; k++) marked[k] = true;
  }
  const parts: TextPart[] = [];
  let from = 0;
  for (let k = 1; k <= folded.length; k++) {
    if (k === folded.length || marked[k] !== marked[k - 1]) {
      const a = starts[from]!;
      const b = starts[k]!;
      if (b > a) {
        const last = parts[parts.length - 1];
        if (last && last.match === marked[from]) last.text += text.slice(a, b);
        else parts.push({ text: text.slice(a, b), match: marked[from]! });
      }
      from = k;
    }
  }
  return parts;
}
