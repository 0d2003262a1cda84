import { Container } from '@/components/ui/container';

/**
 * While the home page gets its data: the shape of a feed. Only here (a route group), not for
 * every page: a loading boundary starts the response, which then can no longer be a redirect
 * or a 404 (Next docs: loading.js, "Status codes"). Pages elsewhere redirect or call
 * notFound() before any Suspense boundary of their own.
 */
export default function Loading() {
  return (
    <Container className="py-10">
      <div role="status" className="mx-auto max-w-2xl space-y-4">
        <span className="sr-only">Loading…</span>
        {[0, 1, 2].map((i) => (
          <div key={i} aria-hidden="true" className="animate-pulse rounded-2xl border border-slate-200 p-5 dark:border-slate-800">
            <div className="flex items-center gap-3">
              <div className="size-10 rounded-full bg-slate-200 dark:bg-slate-800" />
              <div className="space-y-2">
                <div className="h-3 w-32 rounded-full bg-slate-200 dark:bg-slate-800" />
                <div className="h-2.5 w-20 rounded-full bg-slate-100 dark:bg-slate-800/60" />
              </div>
            </div>
            <div className="mt-4 space-y-2">
              <div className="h-3 w-full rounded-full bg-slate-100 dark:bg-slate-800/60" />
              <div className="h-3 w-4/5 rounded-full bg-slate-100 dark:bg-slate-800/60" />
            </div>
          </div>
        ))}
      </div>
    </Container>
  );
}
