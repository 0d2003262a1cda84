import { invalidParam } from '../errors.ts';

/**
 * "3, 4,5" → [3, 4, 5] in the order given; 400 naming `param` for anything that is not a list of
 * distinct ids. Such a list is often an order, so an id named twice has no place in it: refused,
 * not folded into one (folding let "3,3,4" pass for every photo of an album of 3, 4 and 5).
 */
export function parseIdList(csv: string, max: number, param: string, noun: string): number[] {
  const parts = csv
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.every((p) => /^[1-9][0-9]{0,15}$/.test(p))) throw invalidParam(param, `must be a comma-separated list of ${noun} ids`);
  const ids = parts.map(Number);
  if (ids.length > max) throw invalidParam(param, `may name at most ${max} ${noun}s`);
  const twice = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
  if (twice.length) throw invalidParam(param, `names a ${noun} more than once: ${twice.join(', ')}`);
  return ids;
}

/**
 * A new order of a whole (an album's photos, a playlist's songs) must name every one of `present`
 * and nothing else: 400 naming `param` otherwise.
 */
export function checkWholeOrder(order: readonly number[], present: ReadonlySet<number>, param: string, noun: string, whole: string): void {
  if (!order.length) throw invalidParam(param, `must name every ${noun} of the ${whole}`);
  const strangers = order.filter((id) => !present.has(id));
  if (strangers.length) throw invalidParam(param, `${strangers.join(', ')}: not ${noun}s of this ${whole}`);
  if (order.length !== present.size) {
    const named = new Set(order);
    const missing = [...present].filter((id) => !named.has(id));
    throw invalidParam(
      param,
      `must name every ${noun} of the ${whole}; missing: ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? '…' : ''}`,
    );
  }
}
