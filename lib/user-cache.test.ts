import { describe, expect, it } from 'vitest';
import { cachedChoices } from './user-cache.ts';

// The one reader of a module's choices: what a list's filters and an editor's form show, read
// once every few minutes per person, never one person's for another.

describe('cachedChoices', () => {
  const counting = () => {
    const reads: string[] = [];
    const read = async (token: string) => {
      reads.push(token);
      return { categories: [{ id: 1, title: `for ${token}` }] };
    };
    return { reads, get: cachedChoices(read) };
  };

  it('reads a person’s choices once, however many pages show them, and shares a read on its way', async () => {
    const { reads, get } = counting();
    const alice = { userId: 1, accessToken: 'alice' };
    const [a, b] = await Promise.all([get(alice), get(alice)]);
    expect(await get(alice)).toEqual(a);
    expect(b).toBe(a);
    expect(reads).toEqual(['alice']);
  });

  it('keeps each person’s own: another person’s choices are read with their token', async () => {
    const { reads, get } = counting();
    expect((await get({ userId: 1, accessToken: 'alice' })).categories[0]!.title).toBe('for alice');
    expect((await get({ userId: 2, accessToken: 'bob' })).categories[0]!.title).toBe('for bob');
    expect(reads).toEqual(['alice', 'bob']);
  });

  it('keeps no failure: the next page reads again', async () => {
    let fail = true;
    const get = cachedChoices(async () => {
      if (fail) throw new Error('the API is down');
      return 'choices';
    });
    const alice = { userId: 1, accessToken: 'alice' };
    await expect(get(alice)).rejects.toThrow('the API is down');
    fail = false;
    expect(await get(alice)).toBe('choices');
  });
});
