import type { ReactNode } from 'react';
import { SocialBar } from '@/components/social/social-bar';
import type { PhotoDetail } from '@/lib/social-api/albums';
import type { Social } from '@/lib/social-api/core';
import { photoName, PhotoView } from './photo-view';

/** /photos/{id}: the photo large with its neighbours, caption, the social layer. */
export function PhotoPage({ photo, social, manage }: { photo: PhotoDetail; social: Social; manage?: ReactNode }) {
  return (
    <article className="mx-auto w-full max-w-5xl">
      <PhotoView photo={photo}>
        {manage}
        <SocialBar social={social} ownerId={photo.album.owner.id} label={`the photo “${photoName(photo)}”`} what="this photo" writing />
      </PhotoView>
    </article>
  );
}
