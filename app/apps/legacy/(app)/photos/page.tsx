import type { Metadata } from 'next';
import { AddLegacyPhoto } from '@/components/legacy/add-photo';
import { LegacyNotice } from '@/components/legacy/legacy-notice';
import { countOf, LegacyListSection } from '@/components/legacy/list-section';
import { Pager } from '@/components/legacy/pager';
import { env } from '@/lib/env';
import { getPhotos } from '@/lib/legacy/methods';
import { pageParam, readLegacy } from '@/lib/legacy/page';

export const metadata: Metadata = { title: 'Photos' };

/** The person's photos, newest first, ten a page (photo.getPhotos), and adding one (photo.addPhoto). */
export default async function LegacyPhotosPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const page = pageParam((await searchParams).page);
  const read = await readLegacy((token) => getPhotos(token, page));
  if (!read.ok) return <LegacyNotice {...read} />;
  const { items, total } = read.data;
  return (
    <LegacyListSection id="legacy-photos" title="Photos" count={countOf(total, 'photo', 'photos')}>
      <AddLegacyPhoto maxBytes={env().UPLOAD_MAX_BYTES} />
      {items.length ? (
        <ul aria-label="Photos" className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-5">
          {items.map((p, i) => (
            <li key={p.original || i}>
              <a href={p.original} target="_blank" rel="noopener" className="block rounded-lg">
                {/* eslint-disable-next-line jsx-a11y/img-redundant-alt -- the link's name: which photo of the list it opens (the legacy API gives them no titles), not the medium */}
                <img
                  src={p.medium}
                  alt={`Photo ${(read.data.page - 1) * 10 + i + 1} of ${total}`}
                  loading="lazy"
                  className="aspect-square w-full rounded-lg bg-slate-100 object-cover dark:bg-slate-800"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4">{page > 1 ? 'There are no more photos.' : 'No photos yet.'}</p>
      )}
      <Pager paging={read.data} path="/apps/legacy/photos" label="Photos" />
    </LegacyListSection>
  );
}
