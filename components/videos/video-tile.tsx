import { pictureLoading } from '@/components/ui/picture-loading';
import { routes } from '@/lib/routes';
import type { MyVideo } from '@/lib/social-api/videos';

/** What a state is called on one's own list (the API's own words come under it). */
export const STATUS_LABELS: Record<MyVideo['status'], string> = {
  to_be_processed: 'Waiting to be converted',
  being_processed: 'Converting…',
  processed: '',
  conversion_failed: 'Conversion failed',
};

/** "3.5 ★"-like words for a mean rating. */
const ratingText = (r: number) => (r > 0 ? `rated ${r.toFixed(1)} of 5` : 'not rated yet');

/**
 * A video in a list: its poster in a 16:9 box (the space reserved; lazy below the first row)
 * with its duration over it, the title, the owner, views and rating. On one's own list (`mine`)
 * a video not yet playable says why (`data-video-status`, which the page's poll watches).
 */
export function VideoTile({ video: v, firstRow = false, mine = false }: { video: MyVideo; firstRow?: boolean; mine?: boolean }) {
  const waiting = v.status !== 'processed';
  return (
    <div className="card h-full overflow-hidden p-0" data-kb-item="" data-video-status={mine ? v.status : undefined}>
      <a href={routes.video(v.id)} className="block">
        {/* The duration sits on the poster's corner: the box it is placed in is the poster's alone, not the title's. */}
        <span className="relative block">
          {v.thumb ? (
            <img
              src={v.thumb}
              alt=""
              width={240}
              height={135}
              loading={pictureLoading(firstRow)}
              decoding="async"
              className="block aspect-video w-full bg-slate-900 object-cover"
            />
          ) : (
            <span aria-hidden="true" className="block aspect-video w-full bg-slate-200 dark:bg-slate-800" />
          )}
          {v.duration ? (
            <span className="absolute right-2 bottom-2 rounded bg-slate-950/85 px-1.5 py-0.5 text-xs font-semibold text-white tabular-nums">
              <span className="sr-only">Duration </span>
              {v.duration}
            </span>
          ) : null}
        </span>
        <span className="block px-3 pt-2 font-semibold">{v.title}</span>
      </a>
      <p className="muted px-3 pb-3 text-sm">
        {mine ? null : (
          <>
            <a href={routes.user(v.owner.id)} className="link">
              {v.owner.name}
            </a>{' '}
            ·{' '}
          </>
        )}
        {v.views} {v.views === 1 ? 'view' : 'views'} · {ratingText(v.rating)}
      </p>
      {mine && waiting ? (
        <p
          className={`mx-3 mb-3 rounded-lg px-2 py-1 text-sm ${
            v.status === 'conversion_failed'
              ? 'bg-rose-50 text-rose-900 dark:bg-rose-950 dark:text-rose-100'
              : 'bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50'
          }`}
        >
          <strong>{STATUS_LABELS[v.status]}</strong>
          {v.statusMessage ? <span className="block">{v.statusMessage}</span> : null}
        </p>
      ) : null}
    </div>
  );
}
