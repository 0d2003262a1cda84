import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setupRealApi } from '../testing/real-api.ts';
import { FEED_FIELDS } from './activities.ts';
import { num, parseAnswer, str, strictOf } from './primitives.ts';
import { activitySchema, feedPageSchema } from './schemas.ts';

// parseAnswer() reads an answer through a plain-typed twin of the tolerant schema first. What
// a reader gets must never depend on which path read it: every answer below, the real API's
// and thousands of odd variations of it, reads to exactly what the tolerant schema alone gives.

const api = setupRealApi();
let feed: unknown;

beforeAll(async () => {
  const token = await api.tokenOf('demo@example.com');
  const res = await fetch(`${api.baseUrl}/activities?limit=15&fields=${FEED_FIELDS}`, { headers: { authorization: `Bearer ${token}` } });
  feed = ((await res.json()) as { data: unknown }).data;
});

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const ODD_VALUES: unknown[] = [
  '12',
  '',
  '1',
  'true',
  0,
  1,
  -3.5,
  2 ** 60,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  null,
  undefined,
  true,
  false,
  [],
  {},
  [1, 'a'],
  { id: 'x' },
];

/** A copy of `value` with one leaf, list entry or field changed at a random place. */
function mutate(value: unknown, rnd: () => number): unknown {
  const copy = structuredClone(value);
  const places: Array<{ parent: Record<string, unknown> | unknown[]; key: string | number }> = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) {
      v.forEach((x, i) => {
        places.push({ parent: v, key: i });
        walk(x);
      });
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        places.push({ parent: v as Record<string, unknown>, key: k });
        walk(x);
      }
    }
  };
  walk(copy);
  const place = places[Math.floor(rnd() * places.length)];
  if (!place) return copy;
  const what = rnd();
  const odd = ODD_VALUES[Math.floor(rnd() * ODD_VALUES.length)];
  if (what < 0.6) (place.parent as Record<string | number, unknown>)[place.key] = odd;
  else if (what < 0.75 && !Array.isArray(place.parent)) delete (place.parent as Record<string, unknown>)[place.key as string];
  else if (what < 0.9 && Array.isArray(place.parent)) place.parent.splice(Number(place.key), 0, odd);
  else if (!Array.isArray(place.parent)) (place.parent as Record<string, unknown>)[`extra_${String(place.key)}`] = odd;
  return copy;
}

/** What parseAnswer gives, or the error it throws, beside the tolerant schema's. */
function both(schema: z.ZodType, value: unknown): [unknown, unknown] {
  const read = (f: () => unknown) => {
    try {
      return { ok: f() };
    } catch (e) {
      return { error: String(e) };
    }
  };
  return [read(() => parseAnswer(schema, value)), read(() => schema.parse(value))];
}

describe('parseAnswer', () => {
  it('reads the real API’s feed through the fast path, to what the tolerant schema gives', () => {
    // The fast path is taken: the twin accepts the answer of a server that follows the spec.
    expect(strictOf(feedPageSchema)?.safeParse(feed).success).toBe(true);
    const [fast, tolerant] = both(feedPageSchema, feed);
    expect(fast).toEqual(tolerant);
    expect((fast as { ok: { items: unknown[] } }).ok.items).toHaveLength(15);
  });

  it('reads every odd variation of that answer exactly as the tolerant schema does', () => {
    const rnd = random(7);
    let tookTolerantPath = 0;
    for (let i = 0; i < 3000; i += 1) {
      let answer = feed;
      const changes = 1 + Math.floor(rnd() * 3);
      for (let c = 0; c < changes; c += 1) answer = mutate(answer, rnd);
      if (!strictOf(feedPageSchema)?.safeParse(answer).success) tookTolerantPath += 1;
      const [fast, tolerant] = both(feedPageSchema, answer);
      expect(fast, `variation ${i}`).toEqual(tolerant);
    }
    // Most variations are ones the fast path refuses (a "12", a missing field): both paths are exercised.
    expect(tookTolerantPath).toBeGreaterThan(1000);
    // 3,000 variations, each read twice: seconds alone, more than the default 20 s beside other work.
  }, 60_000);

  it('reads one activity the same way, and refuses what the tolerant schema refuses', () => {
    const first = (feed as { items: unknown[] }).items[0];
    expect(both(activitySchema, first)[0]).toEqual(both(activitySchema, first)[1]);
    expect(() => parseAnswer(activitySchema, { content: 'no id' })).toThrow();
    expect(() => parseAnswer(activitySchema, 'not an object')).toThrow();
  });

  it('a schema with a part the twin does not know is read by the tolerant schema alone', () => {
    const schema = z.looseObject({ id: num, kind: z.enum(['a', 'b']).catch('a'), name: str });
    expect(strictOf(schema)).toBeNull();
    expect(parseAnswer(schema, { id: '4', kind: 'z', name: null })).toEqual({ id: 4, kind: 'a', name: '' });
  });

  it('a plain object drops unknown keys on both paths, a loose one keeps them', () => {
    const plain = z.object({ id: num });
    const loose = z.looseObject({ id: num });
    expect(parseAnswer(plain, { id: 1, more: 2 })).toEqual({ id: 1 });
    expect(parseAnswer(loose, { id: 1, more: 2 })).toEqual({ id: 1, more: 2 });
  });
});
