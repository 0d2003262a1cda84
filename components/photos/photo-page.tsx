import type { ReactNode } from 'react';
import { SocialBar } from '@/components/social/social-bar';
import { MakeProfilePhoto } from '@/components/users/profile-photo/make-profile-photo';
import type { PhotoDetail } from '@/lib/social-api/albums';
import type { Social } from '@/lib/social-api/core';
import type { PhotoTag } from '@/lib/social-api/tags';
import { PhotoManage } from './photo-manage';
import { photoName, PhotoView } from './photo-view';
import { PhotoTags } from './tags/photo-tags';
import { PhotoTagList } from './tags/tag-list';

/** /photos/{id}: the photo large with its neighbours, caption, the social layer. */
export function PhotoPage({
  photo,
  social,
  tags,
  viewerId,
  headingId,
  inViewer,
  children,
}: {
  photo: PhotoDetail;
  social: Social;
  /** Undefined against a server without photo tags (our extension). */
  tags: PhotoTag[] | undefined;
  viewerId: number;
  headingId?: string;
  inViewer?: boolean;
  children?: ReactNode;
}) {
  return (
    <article className="mx-auto w-full max-w-5xl">
      <PhotoTags photo={photo} tags={tags}>
        <PhotoView photo={photo} headingId={headingId} inViewer={inViewer}>
          <PhotoTagList />
          {children}
          <PhotoManage
            photo={managed(photo)}
            can={{ edit: photo.can.edit, delete: photo.can.delete, cover: photo.can.edit && photo.album.owner.id === viewerId }}
          />
          {photo.can.makeProfilePhoto && photo.img ? (
            <div className="actions mt-2">
              <MakeProfilePhoto photo={{ id: photo.id, src: photo.img, caption: photo.caption }} />
            </div>
          ) : null}
          <SocialBar social={social} ownerId={photo.album.owner.id} label={`the photo “${photoName(photo)}”`} what="this photo" writing />
        </PhotoView>
      </PhotoTags>
    </article>
  );
}

/** Only what the tools show of the photo. */
const managed = (photo: PhotoDetail) => ({
  id: photo.id,
  title: photo.title,
  caption: photo.caption,
  name: photoName(photo),
  albumId: photo.album.id,
  albumTitle: photo.album.title,
});
