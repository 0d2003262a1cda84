import type { ReactNode } from 'react';
import { DashboardNav } from '@/components/dashboard/dashboard-nav';

/** The seller's dashboard: its heading and sections around each of its pages. */
export default function DashboardLayout({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-5xl">
      <h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
      <DashboardNav />
      <div className="mt-6">{children}</div>
    </div>
  );
}
