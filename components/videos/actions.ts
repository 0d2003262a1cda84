'use server';

import { withSession, type ActionResult } from '@/lib/server-action';
import {
  addVideoLinkCommand,
  chooseVideoPosterCommand,
  deleteVideoCommand,
  editVideoCommand,
  rateVideoCommand,
} from '@/lib/videos/commands';
import type { VideoDeleteInput, VideoEditInput, VideoLinkValues, VideoPosterInput, VideoRateInput } from '@/lib/validations/video';

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
