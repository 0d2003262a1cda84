import type { ReactNode } from 'react';
import { SiteChrome } from '@/components/shell/site-chrome';

/**
 * Every page of the site proper: header, primary navigation (signed in), footer; and over the
 * page (the `modal` slot) the photo viewer: a photo opened from an album's grid or from the
 * feed keeps its own URL (/photos/{id}) but shows over the page it was opened from, which stays
 * as it was (scroll, loaded pages); a reload of that URL is the photo's full page. The slot
 * renders nothing on every other page (`@modal/page.tsx`, `@modal/[...missing]`).
 */
export default function SiteLayout({ children, modal }: { children: ReactNode; modal: ReactNode }) {
  return (
    <SiteChrome>
      {children}
      {modal}
    </SiteChrome>
  );
}
