import type { ReactNode } from 'react';
import type { Session } from '@/lib/auth/session';

/**
 * A summary card of the dashboard's overview: what it reads (its part of the page's one round
 * of reads, made in parallel with the other cards') and how it shows it.
 */
export interface DashboardCard<T = unknown> {
  key: string;
  load(session: Session): Promise<T>;
  render(data: T): ReactNode;
}

/** Typed once here so that each card's data and render agree. */
export function dashboardCard<T>(card: DashboardCard<T>): DashboardCard {
  return card as DashboardCard;
}
