import type { ReactNode } from 'react';

export type ContainerProps = {
  children: ReactNode;
  className?: string;
};

/** The page's content column: one width and gutter for every section. */
export function Container({ children, className = '' }: ContainerProps) {
  return <div className={`mx-auto w-full max-w-6xl px-6 lg:px-8 ${className}`}>{children}</div>;
}
