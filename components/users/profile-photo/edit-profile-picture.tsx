'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { buttonStyles } from '@/components/ui/button';
import type { CropPhoto } from './crop-dialog';

// Both steps are loaded only when someone opens them.
const PictureSourceDialog = dynamic(() => import('./picture-source-dialog'));
const CropDialog = dynamic(() => import('./crop-dialog'));

/** "Edit profile picture" on one's own profile: a new photo or one of one's own, then its square crop. */
export function EditProfilePicture({ maxPhotoBytes }: { maxPhotoBytes: number }) {
  const [step, setStep] = useState<'closed' | 'source' | CropPhoto>('closed');
  return (
    <>
      <button type="button" className={buttonStyles.secondary} onClick={() => setStep('source')}>
        Edit profile picture
      </button>
      {step === 'source' ? (
        <PictureSourceDialog maxPhotoBytes={maxPhotoBytes} onUploaded={(photo) => setStep(photo)} onClose={() => setStep('closed')} />
      ) : null}
      {typeof step === 'object' ? <CropDialog photo={step} onClose={() => setStep('closed')} /> : null}
    </>
  );
}
