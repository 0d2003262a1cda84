export type FeedSkeletonProps = { withComposer?: boolean; items?: number };

/** The feed's shape while it loads: grey blocks where the compose box and the posts go. */
export function FeedSkeleton({ withComposer = false, items = 3 }: FeedSkeletonProps) {
  return (
    <div aria-busy="true" className="mt-6 space-y-4">
      <p role="status" className="sr-only">
        Loading the feed…
      </p>
      {withComposer ? <div className="h-36 animate-pulse rounded-2xl bg-slate-100 dark:bg-slate-800/60" /> : null}
      {Array.from({ length: items }, (_, i) => (
        <div key={i} aria-hidden="true" className="rounded-2xl border border-slate-200 p-5 dark:border-slate-800">
          <div className="flex items-center gap-3">
            <div className="size-10 animate-pulse rounded-full bg-slate-200 dark:bg-slate-700" />
            <div className="space-y-2">
              <div className="h-3 w-32 animate-pulse rounded-full bg-slate-200 dark:bg-slate-700" />
              <div className="h-2.5 w-20 animate-pulse rounded-full bg-slate-100 dark:bg-slate-800" />
            </div>
          </div>
          <div className="mt-4 space-y-2">
            <div className="h-3 w-full animate-pulse rounded-full bg-slate-100 dark:bg-slate-800" />
            <div className="h-3 w-4/5 animate-pulse rounded-full bg-slate-100 dark:bg-slate-800" />
          </div>
        </div>
      ))}
    </div>
  );
}
