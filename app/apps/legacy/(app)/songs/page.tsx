import type { Metadata } from 'next';
import { LegacyNotice } from '@/components/legacy/legacy-notice';
import { countOf, LegacyListSection } from '@/components/legacy/list-section';
import { Pager } from '@/components/legacy/pager';
import { getSongs } from '@/lib/legacy/methods';
import { pageParam, readLegacy } from '@/lib/legacy/page';

export const metadata: Metadata = { title: 'Songs' };

/** The song's name: its file's, as the legacy API gives no title. */
function songName(src: string, n: number): string {
  try {
    const file = decodeURIComponent(new URL(src).pathname.split('/').pop() ?? '');
    return file.replace(/\.[A-Za-z0-9]{1,5}$/, '') || `Song ${n}`;
  } catch {
    return `Song ${n}`;
  }
}

/** The person's songs (musicsharing.getSongs), each with a player and its play count. */
export default async function LegacySongsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const page = pageParam((await searchParams).page);
  const read = await readLegacy((token) => getSongs(token, page));
  if (!read.ok) return <LegacyNotice {...read} />;
  const { items, total } = read.data;
  return (
    <LegacyListSection id="legacy-songs" title="Songs" count={countOf(total, 'song', 'songs')}>
      {items.length ? (
        <ul aria-label="Songs" className="mt-4 space-y-3">
          {items.map((s, i) => {
            const name = songName(s.src, (read.data.page - 1) * 10 + i + 1);
            return (
              <li key={s.src || i} className="card">
                <p className="font-medium">{name}</p>
                <p className="muted text-sm">{s.plays === 1 ? 'Played once' : `Played ${s.plays} times`}</p>
                {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a song of the legacy music app: music, for which the legacy API has no captions or words (its name is its label) */}
                {s.src ? <audio controls preload="none" src={s.src} aria-label={`Play ${name}`} className="mt-2 w-full" /> : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-4">{page > 1 ? 'There are no more songs.' : 'No songs yet.'}</p>
      )}
      <Pager paging={read.data} path="/apps/legacy/songs" label="Songs" />
    </LegacyListSection>
  );
}
