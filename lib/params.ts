import { notFound } from 'next/navigation';

/** An id from the URL: a positive whole number in plain digits (no sign, no leading zero, no exponent), else undefined. */
export function parseId(raw: string | undefined): number | undefined {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : undefined;
}

/** The `[id]` segment of a page, or the 404 page for anything that is not a positive integer. */
export async function idParam(params: Promise<{ id: string }>): Promise<number> {
  const id = parseId((await params).id);
  if (id === undefined) notFound();
  return id;
}
