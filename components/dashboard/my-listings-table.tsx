'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, type KeyboardEvent } from 'react';
import { PostDate } from '@/components/ui/post-date';
import { bulkListings, saveListingPrice, setListingState } from '@/components/listings/actions';
import type { BulkRowResult } from '@/lib/listings/commands';
import { useAnnounce } from '@/components/ui/announcer';
import { buttonStyles } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormError } from '@/components/ui/form-error';
import { useAction } from '@/components/ui/use-action';
import { EmptyState } from '@/components/ui/list/list-results';
import type { DashboardListingsQuery } from '@/lib/listings/list-query';
import { routes } from '@/lib/routes';
import { ColumnHeaders } from '@/components/ui/column-headers';
import type { ListingSummary } from '@/lib/social-api/classifieds';
import type { ItemMessageCount, ItemMessageCounts } from '@/lib/messages/item-counts';
import { ItemMessagesCell } from './item-messages-cell';

export type MyListingsTableProps = {
  query: DashboardListingsQuery;
  listings: ListingSummary[];
  /** The conversations about each listing; undefined: no "Messages" column (a server without messages). */
  messages?: ItemMessageCounts;
};

type BulkAction = 'close' | 'open' | 'delete';
/** Each row's last result, with the number of the action that gave it. */
type Results = Record<number, { ok: boolean; message: string; action: BulkAction; seq: number }>;
const plural = (n: number) => `${n} ${n === 1 ? 'listing' : 'listings'}`;

/** The price as a person would type it back: "$1,250.00" → "1250.00", "Free" → "0", none → "". */
function typedPrice(price: string): string {
  if (/^free$/i.test(price)) return '0';
  const m = /[\d,]+(\.\d+)?/.exec(price);
  return m ? m[0].replace(/,/g, '') : '';
}

/**
 * The seller's listings as a table (its filters and pager are the list-page kit's, around it:
 * components/dashboard/my-listings-page.tsx): rows selected one by one or all of the
 * page (checkboxes: the keyboard's Space), and close, reopen or delete for all the selected at
 * once. Each row shows its own result; a row that failed says why and the others stay done. A
 * row that is no longer in the page after the action (deleted, closed or reopened out of the
 * filtered view, or deleted meanwhile) stays in its place with its result until the next page,
 * through later actions too.
 */
export function MyListingsTable({ query, listings, messages }: MyListingsTableProps) {
  const router = useRouter();
  const announce = useAnnounce();
  const bulk = useAction();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [results, setResults] = useState<Results>({});
  const [shown, setShown] = useState<ListingSummary[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [summary, setSummary] = useState('');

  // Rows: the page as it is now, with the rows of the last action that are gone kept in their place.
  const now = new Map(listings.map((l) => [l.id, l]));
  const rows: Array<{ listing: ListingSummary; gone: boolean }> = Object.keys(results).length
    ? [
        ...shown.map((l) => ({ listing: now.get(l.id) ?? l, gone: !now.has(l.id) })),
        ...listings.filter((l) => !shown.some((s) => s.id === l.id)).map((l) => ({ listing: l, gone: false })),
      ]
    : listings.map((l) => ({ listing: l, gone: false }));
  const selectable = rows.filter((r) => !r.gone).map((r) => r.listing.id);
  const chosen = selectable.filter((x) => selected.has(x));
  const all = selectable.length > 0 && chosen.length === selectable.length;

  // The number of the last action: a row shows its result when it comes from that action, or
  // when the row is gone (an earlier action deleted it, or moved it out of this view). Every
  // result is kept, since a row an action removes may still be in the page's data when the next
  // action comes (the page reads its data again after each one).
  const [latest, setLatest] = useState(0);
  const apply = (action: BulkAction, data: BulkRowResult[], message: string) => {
    setShown(rows.map((r) => r.listing));
    const seq = latest + 1;
    setLatest(seq);
    setResults((prev) => ({
      ...prev,
      ...Object.fromEntries(data.map((r) => [r.id, { ok: r.ok, message: r.message, action, seq }] as const)),
    }));
    setSelected(new Set(data.filter((r) => !r.ok).map((r) => r.id)));
    setSummary(message);
    announce(message);
    router.refresh();
  };
  const runBulk = async (action: 'close' | 'open') => {
    const res = await bulk.run(() => bulkListings({ action, ids: chosen }));
    if (res.ok) apply(action, res.data, res.message);
  };

  const page = query.page ?? 1;

  return (
    <>
      <div role="toolbar" aria-label="Selected listings" className="mt-4 flex flex-wrap items-center gap-2">
        <span className="muted mr-2">
          {chosen.length ? `${plural(chosen.length)} selected` : 'Select listings to close, reopen or delete them together.'}
        </span>
        <button type="button" className={buttonStyles.secondary} disabled={!chosen.length || bulk.pending} onClick={() => runBulk('close')}>
          Close selected
        </button>
        <button type="button" className={buttonStyles.secondary} disabled={!chosen.length || bulk.pending} onClick={() => runBulk('open')}>
          Reopen selected
        </button>
        <button type="button" className={buttonStyles.danger} disabled={!chosen.length || bulk.pending} onClick={() => setConfirming(true)}>
          Delete selected
        </button>
      </div>
      <p role="status" className="mt-2 text-sm font-medium">
        {summary}
      </p>
      <FormError message={bulk.problem?.message} signedOut={bulk.problem?.signedOut} className="mt-2" />

      {rows.length === 0 ? (
        <EmptyState clearHref={page === 1 && (query.q || query.status) ? routes.dashboardListings() : undefined}>
          {page > 1 ? 'No more listings.' : query.q || query.status ? 'No listings match these filters.' : 'You have no listings yet.'}
        </EmptyState>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              Your listings{query.status ? ` (${query.status})` : ''}, page {page}
            </caption>
            <thead className="border-b border-slate-200 dark:border-slate-700">
              <ColumnHeaders
                cellClassName="p-2"
                columns={[
                  {
                    label: (
                      <input
                        type="checkbox"
                        aria-label="Select all listings on this page"
                        checked={all}
                        ref={(el) => {
                          if (el) el.indeterminate = chosen.length > 0 && !all;
                        }}
                        onChange={() => setSelected(all ? new Set() : new Set(selectable))}
                        className="size-4"
                      />
                    ),
                  },
                  { label: <span className="sr-only">Photo</span> },
                  ...['Title', 'Price', 'Status', ...(messages ? ['Messages'] : []), 'Created', 'Actions', 'Result'].map((label) => ({
                    label,
                  })),
                ]}
              />
            </thead>
            <tbody>
              {rows.map(({ listing: l, gone }) => (
                <Row
                  key={l.id}
                  listing={l}
                  messages={messages && { count: messages[l.id] }}
                  gone={gone ? (results[l.id]?.ok ? results[l.id]!.action : 'missing') : undefined}
                  selected={selected.has(l.id)}
                  onSelect={(on) =>
                    setSelected((s) => {
                      const next = new Set(s);
                      if (on) next.add(l.id);
                      else next.delete(l.id);
                      return next;
                    })
                  }
                  result={gone || results[l.id]?.seq === latest ? results[l.id] : undefined}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}

      {confirming ? (
        <ConfirmDialog
          open
          onClose={() => setConfirming(false)}
          title={`Delete ${plural(chosen.length)}?`}
          description="They will be removed with their photos, likes and comments. This cannot be undone."
          confirmLabel={`Delete ${plural(chosen.length)}`}
          pendingLabel="Deleting…"
          action={async () => {
            const res = await bulkListings({ action: 'delete', ids: chosen });
            if (res.ok) apply('delete', res.data, res.message);
            return res;
          }}
          onDone={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}

/** What became of a row that is no longer in the page's data: done (deleted, or closed/reopened out of this view) or not found. */
type Gone = BulkAction | 'missing';
const GONE_STATUS: Record<Gone, string> = { close: 'Closed', open: 'Open', delete: 'Deleted', missing: 'Not found' };

function Row({
  listing: l,
  messages,
  gone,
  selected,
  onSelect,
  result,
}: {
  listing: ListingSummary;
  /** The row's "Messages" cell, when the table has the column. */
  messages?: { count?: ItemMessageCount };
  gone?: Gone;
  selected: boolean;
  onSelect: (on: boolean) => void;
  result?: { ok: boolean; message: string };
}) {
  const router = useRouter();
  const state = useAction();
  const toggle = async () => {
    const res = await state.run(() => setListingState({ id: l.id, open: l.closed }));
    if (res.ok) router.refresh();
  };
  return (
    <tr className="border-b border-slate-100 dark:border-slate-800">
      <td className="p-2">
        {gone ? null : (
          <input
            type="checkbox"
            aria-label={`Select ${l.title}`}
            checked={selected}
            onChange={(e) => onSelect(e.target.checked)}
            className="size-4"
          />
        )}
      </td>
      <td className="p-2">
        {l.thumb ? (
          <img src={l.thumb} alt="" loading="lazy" className="size-12 rounded-lg object-cover" />
        ) : (
          <span className="block size-12 rounded-lg bg-slate-100 dark:bg-slate-800" />
        )}
      </td>
      <th scope="row" className="p-2 font-medium">
        {gone === 'delete' || gone === 'missing' ? (
          <s>{l.title}</s>
        ) : (
          <a href={routes.listing(l.id)} className="hover:underline">
            {l.title}
          </a>
        )}
      </th>
      <td className="p-2">{gone ? l.price : <PriceCell listing={l} />}</td>
      <td className="p-2">{gone ? GONE_STATUS[gone] : l.closed ? <span className="badge">Closed</span> : 'Open'}</td>
      {messages ? (
        <td className="p-2 whitespace-nowrap">
          <ItemMessagesCell item={{ type: 'classified', id: l.id }} title={l.title} count={messages.count} />
        </td>
      ) : null}
      <td className="p-2 whitespace-nowrap">
        <PostDate ms={l.createdAt} />
      </td>
      <td className="p-2">
        {gone ? null : (
          <div className="flex flex-wrap gap-1">
            <a href={routes.listing(l.id)} className="btn-ghost" aria-label={`View ${l.title}`}>
              View
            </a>
            {l.can.edit ? (
              <a href={routes.editListing(l.id)} className="btn-ghost" aria-label={`Edit ${l.title}`}>
                Edit
              </a>
            ) : null}
            {l.can.close || l.can.open ? (
              <button
                type="button"
                className="btn-ghost"
                onClick={toggle}
                disabled={state.pending}
                aria-label={`${l.closed ? 'Reopen' : 'Close'} ${l.title}`}
              >
                {l.closed ? 'Reopen' : 'Close'}
              </button>
            ) : null}
          </div>
        )}
        <FormError message={state.problem?.message} signedOut={state.problem?.signedOut} />
      </td>
      <td className="p-2">
        {result ? (
          <span className={result.ok ? 'text-emerald-800 dark:text-emerald-300' : 'error-text font-medium'}>
            {result.ok ? result.message : `Failed: ${result.message}`}
          </span>
        ) : null}
      </td>
    </tr>
  );
}

/** The price in place: Enter saves it, the error shows under it, what was typed stays. */
function PriceCell({ listing: l }: { listing: ListingSummary }) {
  const router = useRouter();
  const id = useId();
  const state = useAction();
  const [saved, setSaved] = useState(false);
  const onKeyDown = async (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    setSaved(false);
    const res = await state.run(() => saveListingPrice({ id: l.id, price: e.currentTarget.value }));
    if (res.ok) {
      setSaved(true);
      router.refresh();
    }
  };
  const error = state.problem?.fieldErrors?.price ?? state.problem?.message;
  return (
    <div className="min-w-28">
      <input
        key={l.price}
        type="text"
        inputMode="decimal"
        defaultValue={typedPrice(l.price)}
        aria-label={`Price of ${l.title} in dollars (Enter saves)`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-e` : `${id}-p`}
        onKeyDown={onKeyDown}
        onChange={() => setSaved(false)}
        readOnly={state.pending}
        className="field mt-0 w-28"
      />
      {error ? (
        <p id={`${id}-e`} className="error-text mt-1">
          {error}
        </p>
      ) : (
        <p id={`${id}-p`} className="muted mt-1 text-xs">
          {saved ? `Saved: ${l.price || 'no price'}` : l.price || 'No price'}
        </p>
      )}
    </div>
  );
}
