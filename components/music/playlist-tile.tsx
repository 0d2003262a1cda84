import { pictureLoading } from '@/components/ui/picture-loading';
import { routes } from '@/lib/routes';
import type { PlaylistCard } from '@/lib/social-api/music';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A playlist in a list: its picture in a square box (the space reserved; lazy below the first row), title, owner, songs and plays. */
export function PlaylistTile({
  playlist: p,
  firstRow = false,
  mine = false,
}: {
  playlist: PlaylistCard;
  firstRow?: boolean;
  mine?: boolean;
}) {
  return (
    <div className="card h-full overflow-hidden p-0" data-kb-item="">
      <a href={routes.playlist(p.id)} className="block">
        {p.thumb ? (
          <img
            src={p.thumb}
            alt=""
            width={240}
            height={240}
            loading={pictureLoading(firstRow)}
            decoding="async"
            className="aspect-square w-full bg-slate-200 object-cover dark:bg-slate-800"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex aspect-square w-full items-center justify-center bg-gradient-to-br from-indigo-100 to-sky-100 text-5xl text-indigo-700 dark:from-indigo-950 dark:to-slate-800 dark:text-indigo-300"
          >
            ♫
          </span>
        )}
        <span className="block px-3 pt-2 font-semibold">{p.title}</span>
      </a>
      <p className="muted px-3 pb-3 text-sm">
        {mine ? null : (
          <>
            <a href={routes.user(p.owner.id)} className="link">
              {p.owner.name}
            </a>{' '}
            ·{' '}
          </>
        )}
        {count(p.songCount, 'song', 'songs')} · {count(p.playCount, 'play', 'plays')}
      </p>
    </div>
  );
}
