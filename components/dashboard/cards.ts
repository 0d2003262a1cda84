import type { DashboardCard } from './card';
import { eventsCard } from './events-card';
import { listingsCard } from './listings-card';

/** The overview's cards, in order. A module adds its card (a `dashboardCard({...})` of its own file) here. */
export const DASHBOARD_CARDS: DashboardCard[] = [listingsCard, eventsCard];
