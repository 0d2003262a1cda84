// A post's date as a reader of a blog expects it ("12 March 2026"), the same on the server and
// in the browser (UTC, the API's dates): no clock to hydrate, so it stays a server component.

const dayMonthYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function PostDate({ ms, className }: { ms: number; className?: string }) {
  if (!ms) return null;
  return (
    <time dateTime={new Date(ms).toISOString()} className={className}>
      {dayMonthYear.format(ms)}
    </time>
  );
}
