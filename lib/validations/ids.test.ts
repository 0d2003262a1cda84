import { describe, expect, it } from 'vitest';
import { idSchema, idTextSchema } from './ids.ts';

// The one id schema every form and action checks ids with.

const takes = (schema: typeof idSchema | typeof idTextSchema, v: unknown) => schema.safeParse(v).success;

describe('idSchema', () => {
  it('takes a positive whole number, up to the largest JavaScript holds exactly', () => {
    expect(idSchema.parse(1)).toBe(1);
    expect(idSchema.parse(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses zero, negatives, fractions, numbers past the safe range and anything not a number', () => {
    for (const v of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 1, 1e20, NaN, Infinity, '3', null, undefined, {}]) {
      expect(takes(idSchema, v), String(v)).toBe(false);
    }
  });
});

describe('idTextSchema (an id a form writes as text)', () => {
  it('reads digits as the id, and takes a number as it is', () => {
    expect(idTextSchema.parse('12')).toBe(12);
    expect(idTextSchema.parse(12)).toBe(12);
  });

  it('refuses what is not a positive whole number in the safe range', () => {
    for (const v of ['', '0', '-4', '1.5', 'x', '9007199254740992', null]) {
      expect(takes(idTextSchema, v), String(v)).toBe(false);
    }
  });
});
