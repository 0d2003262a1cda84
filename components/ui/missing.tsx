import { Link } from '@/components/ui/link';
import { buttonStyles } from './button';

export type MissingProps = { title: string; text: string; /** The way back: the feed, or for a visitor the home page. */ back?: string };

/** A not-found page inside the site: what is missing, and the way back to the feed. */
export function Missing({ title, text, back = 'Back to your feed' }: MissingProps) {
  return (
    <div className="mx-auto w-full max-w-2xl px-6 py-10 lg:px-0">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="muted mt-3 text-base">{text}</p>
      <Link href="/" className={`${buttonStyles.primary} mt-6`}>
        {back}
      </Link>
    </div>
  );
}
