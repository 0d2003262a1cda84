import Link from 'next/link';
import { Container } from './container';
import { Logo } from './logo';

/** The banner on every page. Navigation joins it once there are pages to go to. */
export function SiteHeader() {
  return (
    <header className="border-b border-slate-200 dark:border-slate-800">
      <Container className="flex h-16 items-center">
        <Link href="/" className="rounded-md">
          <Logo />
        </Link>
      </Container>
    </header>
  );
}
