import { reopenHref } from '@/lib/legacy/page';
import { buttonStyles } from '@/components/ui/button';

export type LegacyNoticeProps = { ended: boolean; message: string };

/**
 * A legacy failure in words. A session that ended (a used or expired key or token) can only be
 * started again by the site: its page hands the app a fresh key. The app lives in the site's
 * sandboxed frame, which may open a new tab but not replace the site's page: the link opens one.
 */
export function LegacyNotice({ ended, message }: LegacyNoticeProps) {
  return (
    <div role="alert" className="card max-w-xl">
      <h1 className="text-lg font-semibold">{ended ? 'Open the app again from the site' : 'Something went wrong'}</h1>
      <p className="mt-2">{message}</p>
      {ended ? (
        <p className="mt-4">
          <a href={reopenHref()} target="_blank" rel="noopener" className={buttonStyles.primary}>
            Open the app again from the site<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      ) : (
        <p className="muted mt-2">Reload the page to try again.</p>
      )}
    </div>
  );
}
