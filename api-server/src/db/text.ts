import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * Text as keyword filters compare it, on both databases: case and accents folded ("eric" finds
 * "Éric", "STRASSE" finds "Straße"). SQL function search_fold() is this function on SQLite
 * (registered by sqlite-driver.ts) and unaccent + lower on PostgreSQL (search/postgres-fts.ts);
 * both fold the same letters.
 */
const LIGATURES: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ł: 'l', ð: 'd', þ: 'th', ı: 'i' };

export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđłðþı]/g, (c) => LIGATURES[c]!);
}

/**
 * `column` contains `text` (case and accents folded), the user's % and _ taken literally.
 * `folded`: the column holds its text folded already (a generated column such as
 * classifieds.location_fold), so no row is folded as it is read.
 */
export function containsText(column: string, text: string, folded = false): RawBuilder<SqlBool> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const target = folded ? sql.ref(column) : sql`search_fold(${sql.ref(column)})`;
  return sql<SqlBool>`${target} like search_fold(${pattern}) escape '\\'`;
}
