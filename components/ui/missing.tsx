import { Link } from '@/components/ui/link';
import { buttonStyles } from './button';

export type MissingProps = { title: string; text: string; /** The way back's words. */ back?: string };

/**
 * A not-found page inside the site: what is missing, and the way back to the home page (a
 * member's feed, a visitor's landing page: "Back to your feed" told a visitor of a feed they do
 * not have). Synchronous on purpose: Next renders the site's not-found into every page's payload.
 */
export function Missing({ title, text, back = 'Go to the home page' }: MissingProps) {
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
