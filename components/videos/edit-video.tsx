'use client';

import { SettingsForm } from '@/components/ui/settings-form';
import { routes } from '@/lib/routes';
import type { VideoChoices } from '@/lib/social-api/videos';
import { videoUploadSchema } from '@/lib/validations/video';
import { editVideo } from './actions';
import { VideoSettingsFields, videoValues, type VideoFormState } from './video-settings-fields';

export type EditVideoProps = {
  id: number;
  initial: VideoFormState;
  choices: Pick<VideoChoices, 'categories' | 'view' | 'comment'>;
};

/** A video's settings (its source stays): what a refusal names is shown on its field, and nothing typed is lost. */
export function EditVideo({ id, initial, choices }: EditVideoProps) {
  return (
    <SettingsForm
      initial={initial}
      schema={videoUploadSchema}
      valuesOf={videoValues}
      save={(values) => editVideo({ id, values })}
      back={routes.video(id)}
      fields={(props) => <VideoSettingsFields {...props} choices={choices} />}
    />
  );
}
