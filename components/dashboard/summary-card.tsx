import { useId } from 'react';

export type SummaryCardProps = {
  title: string;
  /** The section itself. */
  all: { href: string; label: string };
  /** Each figure links into its part of the section. */
  figures: Array<{ label: string; value: string; href: string }>;
};

/** One card of the dashboard's overview: a few figures, each a link. Any module's card uses it. */
export function SummaryCard({ title, all, figures }: SummaryCardProps) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="card">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3">
        {figures.map((f) => (
          <li key={f.label}>
            <a
              href={f.href}
              className="block rounded-xl border border-slate-200 p-4 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
            >
              <span className="block text-3xl font-bold">{f.value}</span>
              <span className="muted">{f.label}</span>
            </a>
          </li>
        ))}
      </ul>
      <a href={all.href} className="link mt-4 inline-block text-sm">
        {all.label}
      </a>
    </section>
  );
}
