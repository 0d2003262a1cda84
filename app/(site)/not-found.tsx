import type { Metadata } from 'next';
import { Missing } from '@/components/ui/missing';

export const metadata: Metadata = {
  title: 'Page not found',
};

/** An address that matches no page of the site ((site)/[...missing]), or a notFound() without a not-found of its own. */
export default function NotFound() {
  return (
    <Missing
      title="Page not found"
      text="There is nothing at this address. It may have been mistyped, or what was here has been removed."
    />
  );
}
