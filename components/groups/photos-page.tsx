import { PhotoGrid } from '@/components/albums/photo-grid';
import { Pager } from '@/components/ui/list/pager';
import { GROUP_PHOTOS_PAGE_SIZE, type GroupListTab } from '@/lib/groups/group-page';
import { routes } from '@/lib/routes';
import type { PhotoThumb } from '@/lib/social-api/albums';
import { GroupHeader } from './group-header';
import { WhoMay } from './who-may';

/** A group's Photos tab: its album's photos a page at a time (each opens the photo viewer), and "Add photos" for those allowed (auth_photo). */
export function GroupPhotosPage({ group, items, page, more }: GroupListTab<PhotoThumb>) {
  return (
    <article aria-labelledby="group-title" className="mx-auto w-full max-w-3xl">
      <GroupHeader group={group} tab="photos" />
      <section aria-labelledby="group-photos" className="mt-6">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="group-photos" className="font-semibold">
            Photos
          </h2>
          {group.can.uploadPhoto ? (
            <a href={routes.addGroupPhotos(group.id)} className="btn btn-primary">
              Add photos
            </a>
          ) : null}
        </div>
        {items.length ? (
          <PhotoGrid photos={items} albumTitle={group.title} firstIndex={(page - 1) * GROUP_PHOTOS_PAGE_SIZE} />
        ) : (
          <p className="muted">{page > 1 ? 'No more photos.' : 'No photos in this group yet.'}</p>
        )}
        {group.can.uploadPhoto ? null : <WhoMay group={group} what="photo" />}
      </section>
      <Pager label="Pages of photos" page={page} more={more} hrefOf={(n) => routes.groupPhotos(group.id, n)} />
    </article>
  );
}
