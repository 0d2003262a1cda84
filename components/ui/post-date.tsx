// A date as a reader expects it ("12 March 2026", or "March 2026" for how long someone has been a
// member), the same on the server and in the browser (UTC, the API's dates): no clock to hydrate,
// so it stays a server component.

const dayMonthYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export function PostDate({ ms, className, month = false }: { ms: number; className?: string; month?: boolean }) {
  if (!ms) return null;
  return (
    <time dateTime={new Date(ms).toISOString()} className={className}>
      {(month ? monthYear : dayMonthYear).format(ms)}
    </time>
  );
}
