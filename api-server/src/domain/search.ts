import { sql, type SqlBool } from 'kysely';
import type { SearchSource, SearchTerm } from '../db/search/types.ts';
import { excerpt } from './format.ts';
import { postedPhotoVisibleTo } from './photo-privacy.ts';
import { eventVisibleTo, groupVisibleTo, postVisibleTo, visibleTo } from './visibility.ts';

/** Shortest word that also finds the words it begins ("lyo" finds "Lyon"). */
const PREFIX_MIN = 3;

/** The words of a text: runs of letters, digits and their marks; the rest separates them. */
const wordsOf = (text: string): string[] => text.split(/[^\p{L}\p{N}\p{M}]+/u).filter((w) => /[\p{L}\p{N}]/u.test(w));

/**
 * What a person typed as search terms: each word must match, a word of 3 or more characters
 * also as the start of a longer one; "a quoted phrase" must match as it stands. Nothing typed
 * is an operator: quotes only group (an unpaired one is ignored), and every other character is
 * either part of a word or a space between two. Terms without any letter or digit are dropped;
 * none may be left, and then nothing matches.
 */
export function parseKeywords(keywords: string): SearchTerm[] {
  // NFKC: a full-width or ligature letter is the letter; lone surrogates are no text.
  const text = keywords.normalize('NFKC').replace(/\p{Cs}/gu, ' ');
  const parts = text.split('"');
  // With an odd number of quotes, the last one opens nothing: what follows it is plain words.
  if (parts.length % 2 === 0) parts.splice(-2, 2, `${parts.at(-2)} ${parts.at(-1)}`);
  const terms: SearchTerm[] = [];
  const seen = new Set<string>();
  const add = (term: SearchTerm) => {
    const key = `${term.phrase ? '"' : ''}${term.text.toLowerCase()}`;
    if (seen.has(key)) return;
    seen.add(key);
    terms.push(term);
  };
  parts.forEach((part, i) => {
    const words = wordsOf(part);
    if (i % 2 === 1) {
      if (words.length) add({ text: words.join(' '), phrase: true, prefix: false });
    } else {
      for (const word of words) add({ text: word, phrase: false, prefix: [...word].length >= PREFIX_MIN });
    }
  });
  return terms;
}

/** Text folded as the index folds it (case, accents), with the place of each folded unit in the original. */
function fold(text: string): { text: string; at: number[] } {
  let out = '';
  const at: number[] = [];
  let i = 0;
  for (const ch of text) {
    const f = ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    for (let k = 0; k < f.length; k++) at.push(i);
    out += f;
    i += ch.length;
  }
  return { text: out, at };
}

/** Characters of text kept before the first match, so that it is read in its context. */
const EXCERPT_LEAD = 60;

/**
 * Plain text cut to `max` characters around the first match of any term (from its start when
 * none is in it: the title or the tags matched), on word boundaries, with ellipses where cut.
 */
export function excerptAround(text: string, terms: readonly SearchTerm[], max: number): string {
  const body = text.replace(/\s+/g, ' ').trim();
  const hay = fold(body);
  let first = -1;
  for (const term of terms) {
    const words = wordsOf(fold(term.text).text).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    if (!words.length) continue;
    const tail = term.prefix && !term.phrase ? '' : '(?![\\p{L}\\p{N}])';
    const found = new RegExp(`(?<![\\p{L}\\p{N}])${words.join('[^\\p{L}\\p{N}]+')}${tail}`, 'u').exec(hay.text);
    if (found && (first < 0 || found.index < first)) first = found.index;
  }
  const at = first < 0 ? 0 : hay.at[first]!;
  if (at <= EXCERPT_LEAD) return excerpt(body, max);
  // Start at a word: after the first space within the lead.
  const space = body.indexOf(' ', at - EXCERPT_LEAD);
  const start = space >= 0 && space < at ? space + 1 : at;
  return `…${excerpt(body.slice(start), max - 1)}`;
}

/**
 * Per searchable type, the rows a reader may find: the same rules as that module's own lists
 * (domain/visibility.ts), so that search never shows what the lists hide. `userId` null is a
 * client-credentials token: only what everyone may see.
 *
 * - albums, events: visible to the reader and not hidden from search: allow_search=0 keeps an
 *   item out of every search, its owner's too (their own lists still show it);
 * - photos: who may see them (domain/photo-privacy.ts: their album's rules, and a posted photo's
 *   posts') in albums not hidden from search; an upload not yet in an album is not found;
 * - blogs: the same, and a draft by its author alone;
 * - listings: visible to the reader (they have no allow_search), closed ones included;
 * - groups: those the reader may see (domain/groups.ts) and not hidden from search, as albums;
 * - videos: converted, visible to the reader and not hidden from search, as albums, and never one
 *   kept unlisted (uploaded for a post not yet posted, or for a message);
 * - music playlists: visible to the reader and not hidden from search, as albums (found by their
 *   converted songs' titles too);
 * - posts (activities): as a wall shows them;
 * - members: to signed-in readers only (a member's page is not public).
 */
export function searchSources(userId: number | null): SearchSource[] {
  const listed = (alias: string) => sql<SqlBool>`${visibleTo(alias, userId)} and ${sql.ref(`${alias}.allow_search`)} = 1`;
  const sources: SearchSource[] = [
    // A group's album is not found (its photos are, by who may see the group).
    {
      type: 'album',
      from: sql`albums a`,
      id: sql`a.id`,
      date: sql`a.created_at`,
      where: sql<SqlBool>`${listed('a')} and a.group_id is null`,
    },
    {
      type: 'photo',
      from: sql`photos p join albums a on a.id = p.album_id`,
      id: sql`p.id`,
      date: sql`p.created_at`,
      where: sql<SqlBool>`${listed('a')} and ${postedPhotoVisibleTo('p', 'a', userId)}`,
    },
    {
      type: 'blog',
      from: sql`blogs b`,
      id: sql`b.id`,
      date: sql`b.created_at`,
      where: sql<SqlBool>`${userId === null ? sql`b.is_draft = 0` : sql`(b.is_draft = 0 or b.owner_id = ${userId})`} and ${listed('b')}`,
    },
    {
      type: 'classified',
      from: sql`classifieds c`,
      id: sql`c.id`,
      date: sql`c.created_at`,
      closed: sql`c.is_closed`,
      where: visibleTo('c', userId),
    },
    {
      type: 'event',
      from: sql`events e`,
      id: sql`e.id`,
      date: sql`e.created_at`,
      where: sql<SqlBool>`${eventVisibleTo('e', userId)} and e.allow_search = 1`,
    },
    {
      type: 'group',
      from: sql`groups g`,
      id: sql`g.id`,
      date: sql`g.created_at`,
      where: sql<SqlBool>`${groupVisibleTo('g', userId)} and g.allow_search = 1`,
    },
    {
      type: 'video',
      from: sql`videos v`,
      id: sql`v.id`,
      date: sql`v.created_at`,
      where: sql<SqlBool>`v.status = 'processed' and v.unlisted = 0 and ${listed('v')}`,
    },
    {
      type: 'music_playlist',
      from: sql`music_playlists m`,
      id: sql`m.id`,
      date: sql`m.created_at`,
      where: listed('m'),
    },
    {
      type: 'activity',
      from: sql`activities`,
      id: sql`activities.id`,
      date: sql`activities.created_at`,
      where: postVisibleTo('activities', userId),
    },
  ];
  if (userId !== null)
    sources.unshift({ type: 'user', from: sql`users u`, id: sql`u.id`, date: sql`u.joined`, where: sql<SqlBool>`1 = 1` });
  return sources;
}
