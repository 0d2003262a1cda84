// How `npm run bench` writes its figures and reads the pages' markup: sizes in KiB and MiB
// (1,024-based), numbers with a fixed number of decimals ('–' when there is none: no answer
// counted), aligned tables, sizes as sent compressed (gzip level 9), and the few HTML
// entities the pages' attributes hold.
import zlib from 'node:zlib';

/** Bytes as KiB, one decimal. */
export const kib = (n: number) => (n / 1024).toFixed(1);

/** Bytes as MiB, one decimal. */
export const mib = (n: number) => (n / (1024 * 1024)).toFixed(1);

/** A number with `d` decimals, or '–' when it is not one (nothing was counted). */
export const fixed = (n: number, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : '–');

/** A difference with `d` decimals and its sign (+ or −), or '–' when it is not a number. */
export const signed = (n: number, d = 2) => (Number.isFinite(n) ? `${n < 0 ? '−' : '+'}${Math.abs(n).toFixed(d)}` : '–');

/** Bytes as MiB with their sign (+ or −). */
export const signedMib = (n: number) => signed(n / (1024 * 1024), 1);

/** Seconds as minutes and seconds, 125 → "2:05". */
export const minutes = (seconds: number) => {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

export const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Size in bytes after gzip at level 9. */
export const gzip9 = (b: Buffer | string) => zlib.gzipSync(b, { level: 9 }).length;

/** Prints rows as a table: the first column aligned left, the others right. */
export function table(rows: string[][]) {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const row of rows)
    console.log(`  ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('   ')}`);
}

/** An attribute's value as written in the HTML, unescaped. */
export const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
