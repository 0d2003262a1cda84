'use client';

import { useRouter } from 'next/navigation';
import type { ReactNode } from 'react';

/**
 * "Previous" / "Next": in the viewer the step replaces the URL (the viewer stays one step of the
 * history); on the full page it is a full load (`data-reload`: components/ui/client-links.tsx),
 * as a soft navigation to a photo is the viewer's.
 */
export function NeighbourLink({
  href,
  rel,
  replace,
  children,
}: {
  href: string;
  rel: 'prev' | 'next';
  replace: boolean;
  children: ReactNode;
}) {
  const router = useRouter();
  return (
    <a
      href={href}
      rel={rel}
      data-reload={replace ? undefined : ''}
      className="btn btn-secondary"
      aria-keyshortcuts={rel === 'prev' ? 'ArrowLeft' : 'ArrowRight'}
      onClick={(e) => {
        if (!replace || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        router.replace(href, { scroll: false });
      }}
    >
      {children}
    </a>
  );
}
