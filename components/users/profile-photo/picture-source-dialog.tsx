'use client';

import { Link } from '@/components/ui/link';
import { useId, useRef, useState } from 'react';
import { useAnnounce } from '@/components/ui/announcer';
import { buttonStyles } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { progressOf, UploadProgress } from '@/components/ui/upload-progress';
import { useUpload } from '@/components/ui/use-upload';
import { routes } from '@/lib/routes';
import { COMPOSE_UPLOAD_URL, parseComposeUpload } from '@/lib/uploads/compose-upload';
import { checkPhotoFile } from '@/lib/validations/photo-file';
import { PHOTO_ACCEPT } from '@/lib/validations/photo-file';
import type { CropPhoto } from './crop-dialog';

/**
 * "Edit profile picture", its first step: upload a new photo (streamed through the BFF's compose
 * route into the "Profile Pictures" album, with progress and the checks of every upload) or go
 * and choose one of one's photos, whose page offers "Make profile photo". Loaded when opened.
 */
export default function PictureSourceDialog({
  maxPhotoBytes,
  onUploaded,
  onClose,
}: {
  maxPhotoBytes: number;
  onUploaded: (photo: CropPhoto) => void;
  onClose: () => void;
}) {
  const id = useId();
  const announce = useAnnounce();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState('');
  const upload = useUpload({ url: COMPOSE_UPLOAD_URL, fileField: 'Filedata', fields: { type: 'profile' }, parse: parseComposeUpload });
  const state = upload.state;

  const choose = (file: File | undefined) => {
    setProblem('');
    if (input.current) input.current.value = '';
    if (!file) return;
    const refused = checkPhotoFile(file, maxPhotoBytes);
    if (refused) {
      setProblem(refused);
      return;
    }
    void upload.start(file).then((res) => {
      if (!res.ok) return;
      announce('The photo is uploaded. Now crop it.');
      onUploaded({ id: res.result.photoId, src: res.result.src, caption: '' });
    });
  };

  return (
    <Dialog open onClose={onClose} title="Edit profile picture" description="Upload a new photo, or choose one you have already shared.">
      <div className="space-y-5">
        <div>
          <label htmlFor={`${id}-file`} className="text-sm font-medium">
            Upload a new photo
          </label>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={PHOTO_ACCEPT}
            disabled={state?.status === 'uploading'}
            aria-describedby={problem || state?.status === 'failed' ? `${id}-problem` : undefined}
            onChange={(e) => choose(e.target.files?.[0])}
            className="field mt-1"
          />
          {state && state.status !== 'done' ? (
            <div className="mt-3">
              <UploadProgress id={`${id}-progress`} {...progressOf(state)} />
            </div>
          ) : null}
          <FormError id={`${id}-problem`} message={problem || (state?.status === 'failed' ? state.message : undefined)} className="mt-2" />
        </div>
        <p className="text-sm">
          <Link href={routes.myAlbums()} className="link">
            Choose one of your photos
          </Link>{' '}
          <span className="muted">— open it and choose “Make profile photo”.</span>
        </p>
        <div className="flex justify-end">
          <button type="button" className={buttonStyles.secondary} onClick={onClose}>
            Cancel
          </button>
        </div>
      </div>
    </Dialog>
  );
}
