import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PhotoUploader } from '@/components/albums/upload/photo-uploader';
import { WhoMay } from '@/components/groups/who-may';
import { loadGroup, type GroupTabRouteProps } from '@/lib/groups/group-page';
import { env } from '@/lib/env';
import { idParam } from '@/lib/params';
import { routes } from '@/lib/routes';

export const metadata: Metadata = { title: 'Add photos' };

/**
 * "Add photos" to a group's album: the albums' uploader, each photo streamed through
 * /api/upload/group-photos as it is picked, then put in together (POST /groups/photos). Those
 * the group's auth_photo leaves out are told who may.
 */
export default async function AddGroupPhotosRoute({ params }: Pick<GroupTabRouteProps, 'params'>) {
  const page = await loadGroup(await idParam(params), { visit: false });
  if (!page) notFound();
  const { group } = page;
  return (
    <div className="mx-auto w-full max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight">Add photos</h1>
      <p className="muted mt-1">
        To the photos of{' '}
        <a href={routes.groupPhotos(group.id)} className="link">
          {group.title}
        </a>
        , in the order you give them.
      </p>
      <div className="mt-6">
        {group.can.uploadPhoto ? (
          <PhotoUploader maxBytes={env().UPLOAD_MAX_BYTES} target={{ kind: 'group', groupId: group.id, title: group.title }} />
        ) : (
          <WhoMay group={group} what="photo" />
        )}
      </div>
    </div>
  );
}
