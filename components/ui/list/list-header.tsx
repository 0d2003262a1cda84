import type { ReactNode } from 'react';
import { buttonStyles } from '../button';

/** A list page's heading and its one primary action ("Write a post"). */
export function ListHeader({ title, action }: { title: ReactNode; action?: { href: string; label: string } }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {action ? (
        <a href={action.href} className={buttonStyles.primary}>
          {action.label}
        </a>
      ) : null}
    </div>
  );
}

/** The look of a tab, the current one underlined (the dashboard's sections use it too). */
export function tabClass(current: boolean): string {
  return `-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
    current
      ? 'border-indigo-600 text-indigo-800 dark:border-indigo-400 dark:text-indigo-200'
      : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white'
  }`;
}

export type ListTab = { href: string; label: ReactNode; current: boolean };

/** A list page's sibling lists as tabs (links; the current one says so). */
export function ListTabs({ label, tabs }: { label: string; tabs: ListTab[] }) {
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-800">
      {tabs.map((tab) => (
        <a key={tab.href} href={tab.href} aria-current={tab.current ? 'page' : undefined} className={tabClass(tab.current)}>
          {tab.label}
        </a>
      ))}
    </nav>
  );
}

/** One of a pair of views as links (upcoming or past, list or calendar): the current one says so (aria-current) and looks pressed. */
export function segment(current: boolean) {
  return {
    'aria-current': current ? ('true' as const) : undefined,
    className: current ? 'btn-ghost bg-indigo-50 text-indigo-800 dark:bg-indigo-950/60 dark:text-indigo-200' : 'btn-ghost',
  };
}
