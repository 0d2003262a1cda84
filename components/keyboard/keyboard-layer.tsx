'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { useInBrowser } from '@/components/ui/use-in-browser';

// The keyboard layer of every page (docs/web/pages.md, "Keyboard shortcuts"): this part is the footer's
// "Keyboard shortcuts" button and nothing else; the shortcuts themselves load as a chunk of their
// own once the page is interactive, so that no page's first-load JavaScript grows. They are
// not rendered on the server at all (`running`): a dynamic import without SSR rendered there
// throws and recovers (an Error with its stack built on every page render), for nothing.
const Shortcuts = dynamic(() => import('./shortcuts'), { ssr: false });

export function KeyboardLayer({ signedIn }: { signedIn: boolean }) {
  const [helpOpen, setHelpOpen] = useState(false);
  // The button does nothing without JavaScript, so it shows only where the page runs it (and
  // the shortcuts come only there).
  const running = useInBrowser();
  return (
    <>
      {running ? (
        <button type="button" className="link text-sm" aria-haspopup="dialog" onClick={() => setHelpOpen(true)}>
          Keyboard shortcuts
        </button>
      ) : null}
      {running ? <Shortcuts signedIn={signedIn} helpOpen={helpOpen} onHelpOpen={setHelpOpen} /> : null}
    </>
  );
}
