'use client';

import { SettingsForm } from '@/components/ui/settings-form';
import { routes } from '@/lib/routes';
import type { MusicChoices } from '@/lib/social-api/music';
import { playlistSettingsSchema, type PlaylistSettingsValues } from '@/lib/validations/music';
import { editPlaylistAction } from './actions';
import { PlaylistSettingsFields } from './playlist-settings-fields';

/** A playlist's settings (its songs are changed on its page): what a refusal names is shown on its field, and nothing typed is lost. */
export function EditPlaylist({ id, initial, choices }: { id: number; initial: PlaylistSettingsValues; choices: MusicChoices }) {
  return (
    <SettingsForm
      initial={initial}
      schema={playlistSettingsSchema}
      save={(values) => editPlaylistAction({ id, values })}
      back={routes.playlist(id)}
      fields={(props) => <PlaylistSettingsFields {...props} choices={choices} />}
    />
  );
}
