import type { ReactNode } from 'react';
import { SiteChrome } from '@/components/shell/site-chrome';

/** Every page of the site proper: header, primary navigation (signed in), footer. */
export default function SiteLayout({ children }: { children: ReactNode }) {
  return <SiteChrome>{children}</SiteChrome>;
}
