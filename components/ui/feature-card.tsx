import type { ComponentType, ReactNode } from 'react';
import type { IconProps } from './icons';

export type FeatureCardProps = {
  title: string;
  icon: ComponentType<IconProps>;
  children: ReactNode;
};

export function FeatureCard({ title, icon: Icon, children }: FeatureCardProps) {
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <span className="inline-flex size-10 items-center justify-center rounded-xl bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
        <Icon className="size-5" />
      </span>
      <h3 className="mt-4 text-base font-semibold text-slate-900 dark:text-white">{title}</h3>
      <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">{children}</p>
    </li>
  );
}
