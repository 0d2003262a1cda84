import type { Session } from '@/lib/auth/session';
import type { ReactNode } from 'react';
import { listingsCard } from './listings-card';

/**
 * A summary card of the dashboard's overview: what it reads (its part of the page's one round
 * of reads, made in parallel with the others') and how it shows it. A module adds its card
 * here: the overview renders every card in this order.
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

export const DASHBOARD_CARDS: DashboardCard[] = [listingsCard];
