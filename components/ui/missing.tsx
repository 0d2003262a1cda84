import Link from 'next/link';
import { buttonStyles } from './button';

export type MissingProps = { title: string; text: string };

/** A not-found page inside the site: what is missing, and the way back to the feed. */
export function Missing({ title, text }: MissingProps) {
  return (
    <div className="mx-auto w-full max-w-2xl py-10">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="muted mt-3 text-base">{text}</p>
      <Link href="/" className={`${buttonStyles.primary} mt-6`}>
        Back to your feed
      </Link>
    </div>
  );
}
