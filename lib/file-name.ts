/**
 * A download's file name from a title: its plain letters, digits and dashes (accents dropped,
 * anything a Content-Disposition header or a file system could trip on removed), at most 60
 * characters, or `fallback` when nothing is left.
 */
export function plainFileName(title: string, fallback: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60);
  return base || fallback;
}
