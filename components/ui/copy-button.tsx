'use client';

import { useState } from 'react';
import { useAnnounce } from '@/components/ui/announcer';
import { useInBrowser } from '@/components/ui/use-in-browser';

/**
 * A button that copies `text` to the clipboard and says so ("Copied", announced). Without script
 * it is not there (it appears once the page is live): the text it copies stays selectable beside it.
 */
export function CopyButton({ text, label, done }: { text: string; label: string; done: string }) {
  const announce = useAnnounce();
  const [state, setState] = useState<'' | 'copied' | 'failed'>('');
  const live = useInBrowser();
  if (!live) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
      announce(done);
    } catch {
      setState('failed');
      announce('Could not copy. Select the text and copy it yourself.');
    }
  };
  return (
    <button type="button" className="btn btn-secondary" onClick={copy}>
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Could not copy' : label}
    </button>
  );
}
