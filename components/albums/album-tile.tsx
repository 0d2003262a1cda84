import type { AlbumCard } from '@/lib/social-api/albums';
import { routes } from '@/lib/routes';
import { pictureLoading } from '@/components/ui/picture-loading';

/** An album in a list: cover (space reserved; lazy below the first row), title, owner, photo count. */
export function AlbumTile({ album: a, firstRow = false }: { album: AlbumCard; firstRow?: boolean }) {
  return (
    <div className="card h-full overflow-hidden p-0" data-kb-item="">
      <a href={routes.album(a.id)} className="block">
        {a.thumb ? (
          <img
            src={a.thumb}
            alt=""
            width={240}
            height={240}
            loading={pictureLoading(firstRow)}
            decoding="async"
            className="aspect-square w-full bg-slate-100 object-cover dark:bg-slate-800"
          />
        ) : (
          <span aria-hidden="true" className="block aspect-square w-full bg-slate-100 dark:bg-slate-800" />
        )}
        <span className="block px-3 pt-2 font-semibold">{a.title}</span>
      </a>
      <p className="muted px-3 pb-3 text-sm">
        <a href={routes.user(a.owner.id)} className="link">
          {a.owner.name}
        </a>{' '}
        · {a.photoCount} {a.photoCount === 1 ? 'photo' : 'photos'}
      </p>
    </div>
  );
}
