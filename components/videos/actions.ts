'use server';

import { withSession, type ActionResult } from '@/lib/server-action';
import {
  addVideoLinkCommand,
  chooseVideoPosterCommand,
  deleteVideoCommand,
  editVideoCommand,
  rateVideoCommand,
} from '@/lib/videos/commands';
import type {
  PosterPhotosInput,
  VideoDeleteInput,
  VideoEditInput,
  VideoLinkValues,
  VideoPosterInput,
  VideoRateInput,
} from '@/lib/validations/video';
import { posterPhotoChoices, type PosterPhotoChoices } from '@/lib/videos/poster-photos';

// A video's saves for the signed-in person (lib/videos/commands.ts does the work). Each is a
// public POST endpoint: the commands validate everything they are given. An upload goes through
// its route instead (app/api/upload/video), which streams the file.

export async function addVideoLink(input: VideoLinkValues): Promise<ActionResult<{ id: number }>> {
  return withSession((s) => addVideoLinkCommand(s.accessToken, input));
}

export async function editVideo(input: VideoEditInput): Promise<ActionResult<{ id: number }>> {
  return withSession((s) => editVideoCommand(s.accessToken, input));
}

export async function rateVideo(input: VideoRateInput): Promise<ActionResult<{ total: number }>> {
  return withSession((s) => rateVideoCommand(s.accessToken, input));
}

export async function removeVideo(input: VideoDeleteInput): Promise<ActionResult> {
  return withSession((s) => deleteVideoCommand(s.accessToken, input));
}

export async function chooseVideoPoster(input: VideoPosterInput): Promise<ActionResult<{ poster: string }>> {
  return withSession((s) => chooseVideoPosterCommand(s.accessToken, input));
}

/** One's albums and a page of one album's photos, for the poster's photo dialog. */
export async function posterPhotos(input: PosterPhotosInput): Promise<ActionResult<PosterPhotoChoices>> {
  return withSession((s) => posterPhotoChoices(s.accessToken, s.userId, input));
}
