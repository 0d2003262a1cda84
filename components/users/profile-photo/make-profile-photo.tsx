'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { buttonStyles } from '@/components/ui/button';
import type { CropPhoto } from './crop-dialog';

// The crop tool is loaded only when someone opens it.
const CropDialog = dynamic(() => import('./crop-dialog'));

/** "Make profile photo" under a photo the API says the reader may make their picture (can_make_profile_photo). */
export function MakeProfilePhoto({ photo }: { photo: CropPhoto }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttonStyles.ghost} onClick={() => setOpen(true)}>
        Make profile photo
      </button>
      {open ? <CropDialog photo={photo} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
