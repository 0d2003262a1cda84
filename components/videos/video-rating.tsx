'use client';

import { useState } from 'react';
import { useAnnounce } from '@/components/ui/announcer';
import { FormError } from '@/components/ui/form-error';
import { useAction } from '@/components/ui/use-action';
import { rateVideo } from './actions';

export type VideoRatingProps = {
  id: number;
  /** The mean rating (0: none yet) and how many rated it. */
  rating: number;
  count: number;
  /** The reader rated it already (a rating is given once), or may not (a visitor). */
  rated: boolean;
  canRate: boolean;
};

const meanText = (rating: number, count: number) =>
  count ? `Rated ${rating.toFixed(1)} out of 5 by ${count} ${count === 1 ? 'person' : 'people'}` : 'Not rated yet';

/** The video's rating, and five buttons to rate it 1 to 5, once (the API refuses a second rating). */
export function VideoRating({ id, rating, count, rated: ratedBefore, canRate }: VideoRatingProps) {
  const announce = useAnnounce();
  const state = useAction();
  const [given, setGiven] = useState<number | null>(null);
  const [total, setTotal] = useState(count);
  const mean = given === null ? rating : (rating * count + given) / Math.max(1, total);
  const open = canRate && !ratedBefore && given === null;

  const rate = async (stars: number) => {
    const res = await state.run(() => rateVideo({ id, rating: stars }));
    if (res.ok) {
      setGiven(stars);
      setTotal(res.data.total);
      announce(res.message);
    }
  };

  return (
    <div className="mt-4">
      <p className="text-sm">
        <span aria-hidden="true" className="text-amber-700 dark:text-amber-300">
          {'★'.repeat(Math.round(mean))}
          {'☆'.repeat(5 - Math.round(mean))}
        </span>{' '}
        {meanText(mean, total)}
        {given !== null ? ` · you gave it ${given}` : ratedBefore && canRate ? ' · you rated it' : ''}
      </p>
      {open ? (
        <div role="group" aria-label="Rate this video" className="mt-2 flex flex-wrap items-center gap-1">
          <span className="mr-2 text-sm font-medium">Your rating:</span>
          {[1, 2, 3, 4, 5].map((n) => (
            <button
              key={n}
              type="button"
              className="btn-ghost px-2"
              disabled={state.pending}
              onClick={() => void rate(n)}
              aria-label={`${n} out of 5`}
            >
              <span aria-hidden="true">{'★'.repeat(n)}</span>
            </button>
          ))}
        </div>
      ) : null}
      <FormError message={state.problem?.message} signedOut={state.problem?.signedOut} className="mt-2" />
    </div>
  );
}
