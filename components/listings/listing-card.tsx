import { useId } from 'react';
import { RelativeTime } from '@/components/ui/relative-time';
import { routes } from '@/lib/routes';
import { pictureLoading } from '@/components/ui/picture-loading';
import type { ListingSummary } from '@/lib/social-api/classifieds';

/**
 * A listing in a list: its main photo, title (the link to it), price as the API formats it,
 * location, age, and a "Closed" mark. A server component but for the age (the page's clock).
 */
export function ListingCard({ listing, firstRow = false }: { listing: ListingSummary; firstRow?: boolean }) {
  const id = useId();
  return (
    <article aria-labelledby={id} className="card flex h-full flex-col overflow-hidden p-0" data-kb-item="">
      <div className="relative aspect-[4/3] bg-slate-100 dark:bg-slate-800">
        {listing.thumb ? (
          <img
            src={listing.thumb}
            alt=""
            loading={pictureLoading(firstRow)}
            className={`size-full object-cover ${listing.closed ? 'opacity-60' : ''}`}
          />
        ) : (
          <span className="muted flex size-full items-center justify-center">No photo</span>
        )}
        {listing.closed ? (
          <span className="absolute top-2 left-2 rounded-full bg-slate-900 px-2.5 py-0.5 text-xs font-semibold text-white">Closed</span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <p className="text-lg font-bold">{listing.price || 'No price given'}</p>
        <h2 id={id} className="font-semibold">
          <a href={routes.listing(listing.id)} className="hover:underline">
            {listing.title}
          </a>
        </h2>
        <p className="muted mt-auto">
          {listing.location || 'No location given'}
          {listing.createdAt ? (
            <>
              {' · '}
              <RelativeTime ms={listing.createdAt} />
            </>
          ) : null}
        </p>
      </div>
    </article>
  );
}
