import type { Metadata } from 'next';
import Link from 'next/link';
import { Container } from '@/components/ui/container';

export const metadata: Metadata = {
  title: 'Page not found',
};

/** An address that matches no page of the site ((site)/[...missing]), or a page that called notFound() without a not-found of its own. */
export default function NotFound() {
  return (
    <Container className="flex flex-col items-start py-24 sm:py-32">
      <p className="text-sm font-semibold text-indigo-700 dark:text-indigo-300">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        Page not found
      </h1>
      <p className="mt-4 max-w-xl text-slate-600 dark:text-slate-400">
        There is nothing at this address. It may have been mistyped, or what was here has been
        removed.
      </p>
      <Link
        href="/"
        className="mt-8 inline-flex items-center rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500"
      >
        Go to the home page
      </Link>
    </Container>
  );
}
