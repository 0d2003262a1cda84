import { describe, expect, it } from 'vitest';
import { highlight, searchTerms } from './highlight.ts';

const marked = (text: string, query: string) =>
  highlight(text, query)
    .map((p) => (p.match ? `[${p.text}]` : p.text))
    .join('');

describe('highlighting the words a result matched', () => {
  it('marks every word, whatever its case and accents', () => {
    expect(marked('Carol Díaz in Lyon', 'diaz LYON')).toBe('Carol [Díaz] in [Lyon]');
    expect(marked('Café crème', 'cafe creme')).toBe('[Café] [crème]');
  });

  it('marks a word of three letters or more where a longer word begins with it, a shorter one only whole', () => {
    expect(marked('Cycling in the city', 'cycl')).toBe('[Cycl]ing in the city');
    expect(marked('at the attic', 'at')).toBe('[at] the attic');
    expect(marked('bicycle', 'cycl')).toBe('bicycle');
  });

  it('marks a quoted phrase as a whole, and not its words apart', () => {
    expect(marked('road bike, bike for the road', '"road bike"')).toBe('[road bike], bike for the road');
    expect(marked('Road-Bike', '"road bike"')).toBe('[Road-Bike]');
  });

  it('keeps the text as it was, markup included, as plain parts', () => {
    const parts = highlight('<b>Lyon</b> & co', 'lyon');
    expect(parts).toEqual([
      { text: '<b>', match: false },
      { text: 'Lyon', match: true },
      { text: '</b> & co', match: false },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe('<b>Lyon</b> & co');
  });

  it('reads search syntax a person typed as text, never as a pattern', () => {
    expect(searchTerms('a.* (b) "c d" NEAR * title:x')).toEqual([['a'], ['b'], ['c', 'd'], ['near'], ['title'], ['x']]);
    expect(marked('a.b a.c', 'a.*')).toBe('[a].b [a].c');
    expect(marked('(a+b)', '(a+b) [')).toBe('([a]+[b])');
    expect(marked('nothing here', '"" * ()')).toBe('nothing here');
  });

  it('keeps characters that fold to several letters or none in their places', () => {
    expect(marked('Straße ½ Ångström', 'angstrom')).toBe('Straße ½ [Ångström]');
    expect(marked('emoji 🚲 bike', 'bike')).toBe('emoji 🚲 [bike]');
  });
});
