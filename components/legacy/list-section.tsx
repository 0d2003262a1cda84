import type { ReactNode } from 'react';

/** "1 song", "12 songs". */
export const countOf = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** A list page of the legacy app: its heading, the count line under it, then the list. */
export function LegacyListSection({ id, title, count, children }: { id: string; title: string; count: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h1 id={id} className="text-xl font-bold">
        {title}
      </h1>
      <p className="muted mt-1 text-sm">{count}</p>
      {children}
    </section>
  );
}
