import type { ActionResult } from '@/lib/action-result';
import { CHECK_FIELDS, failure, invalid } from '@/lib/server-action';
import { isApiError } from '@/lib/social-api/errors';
import {
  addComposeVideoLink,
  createVideoLink,
  deleteVideo,
  getMyVideoStates,
  rateVideo,
  setVideoPoster,
  updateVideo,
  type ComposedVideo,
  type MyVideo,
  type VideoSettingsInput,
} from '@/lib/social-api/videos';
import { parseId } from '@/lib/params';
import {
  composeVideoLinkSchema,
  toVideoFieldErrors,
  videoDeleteSchema,
  videoEditSchema,
  videoFieldErrors,
  videoLinkSchema,
  videoPosterSchema,
  videoProviderOf,
  videoRateSchema,
  type VideoSettingsValues,
} from '@/lib/validations/video';
import { fieldErrorsOf } from '@/lib/validations/field-errors';

// A video's saves, given an access token: each input is checked with the schema the browser used
// (nothing reaches the API otherwise), and the API's field errors come back under the form's
// field names. components/videos/actions.ts runs them for the signed-in person, and the upload
// route (lib/videos/uploads.ts) the same checks for an upload; the tests run them against the
// real API.

/** The form's settings as the API client takes them. */
export function settingsInput(v: VideoSettingsValues): VideoSettingsInput {
  return {
    title: v.title,
    description: v.description,
    tags: v.tags,
    categoryId: v.categoryId ? Number(v.categoryId) : undefined,
    authView: v.authView,
    authComment: v.authComment,
    searchable: v.searchable,
  };
}

/** Adds a YouTube or Vimeo video by its address; answers its id. */
export async function addVideoLinkCommand(token: string, input: unknown): Promise<ActionResult<{ id: number }>> {
  const parsed = videoLinkSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: CHECK_FIELDS, fieldErrors: fieldErrorsOf(parsed.error) };
  const { type, url, ...values } = parsed.data;
  try {
    const id = await createVideoLink(token, { type, url }, settingsInput(values));
    return { ok: true, message: 'Your video was added.', data: { id } };
  } catch (e) {
    return linkFailure(e);
  }
}

/** A refusal of a video's address: the provider cannot be reached (502, 504), or the API's reasons on the fields. */
function linkFailure(e: unknown): ActionResult<never> {
  // The address was fine: say so on the form.
  if (isApiError(e) && e.status >= 502 && !Object.keys(e.fieldErrors).length) {
    return { ok: false, message: 'The video’s site could not be reached. Try again in a moment: what you typed is still here.' };
  }
  return failure(e, toVideoFieldErrors);
}

/** Adds a YouTube or Vimeo video for a post (POST /videos/compose_upload): it is listed once the post carries it. */
export async function addPostVideoLinkCommand(token: string, input: unknown): Promise<ActionResult<ComposedVideo>> {
  const parsed = composeVideoLinkSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: CHECK_FIELDS, fieldErrors: fieldErrorsOf(parsed.error) };
  const { url } = parsed.data;
  try {
    const video = await addComposeVideoLink(token, { type: videoProviderOf(url), url });
    return { ok: true, message: `Video added: “${video.title}”.`, data: video };
  } catch (e) {
    return linkFailure(e);
  }
}

/** Saves a video's settings (its title, description, tags, category, privacy); its source stays. */
export async function editVideoCommand(token: string, input: unknown): Promise<ActionResult<{ id: number }>> {
  const parsed = videoEditSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = videoFieldErrors(parsed.error);
    return 'form' in fieldErrors ? invalid() : { ok: false, message: CHECK_FIELDS, fieldErrors };
  }
  const { id, values } = parsed.data;
  try {
    await updateVideo(token, id, settingsInput(values));
    return { ok: true, message: 'Your video was saved.', data: { id } };
  } catch (e) {
    if (isApiError(e, 404))
      return { ok: false, message: 'This video is no longer there: it may have been deleted. Your text is still here.' };
    return failure(e, toVideoFieldErrors);
  }
}

/** Rates a video 1 to 5, once; answers how many ratings it has now. */
export async function rateVideoCommand(token: string, input: unknown): Promise<ActionResult<{ total: number }>> {
  const parsed = videoRateSchema.safeParse(input);
  if (!parsed.success) return invalid();
  try {
    const total = await rateVideo(token, parsed.data.id, parsed.data.rating);
    return { ok: true, message: `You rated this video ${parsed.data.rating} out of 5.`, data: { total } };
  } catch (e) {
    if (isApiError(e, 403)) return { ok: false, message: 'You have rated this video already.' };
    return failure(e);
  }
}

/** Makes a moment of one's uploaded video, or one of one's photos, its poster; answers the new poster's address. */
export async function chooseVideoPosterCommand(token: string, input: unknown): Promise<ActionResult<{ poster: string }>> {
  const parsed = videoPosterSchema.safeParse(input);
  if (!parsed.success) return invalid();
  const { id, ...choice } = parsed.data;
  try {
    const frame = 'time' in choice;
    const poster = await setVideoPoster(token, id, frame ? { time: Math.round(choice.time * 10) / 10 } : choice);
    return { ok: true, message: frame ? 'The poster is now this frame.' : 'The poster is now your photo.', data: { poster } };
  } catch (e) {
    if (isApiError(e, 404)) return { ok: false, message: 'This video is no longer there: it may have been deleted.' };
    return failure(e);
  }
}

export async function deleteVideoCommand(token: string, input: unknown): Promise<ActionResult> {
  const parsed = videoDeleteSchema.safeParse(input);
  if (!parsed.success) return invalid();
  try {
    const message = await deleteVideo(token, parsed.data.id);
    return { ok: true, message: message || 'The video was deleted.', data: undefined };
  } catch (e) {
    return failure(e);
  }
}

/** At most this many videos are polled at once (a page of /videos/my). */
const POLLED_MAX = 50;

/** The state of some of one's own videos (the /videos/my poll): `ids` as the URL gives them ("3,5,8"); undefined for anything else. */
export async function myVideoStates(token: string, ids: string | null): Promise<MyVideo[] | undefined> {
  const list = (ids ?? '').split(',').filter(Boolean);
  if (!list.length || list.length > POLLED_MAX) return undefined;
  const parsed = list.map(parseId);
  if (parsed.some((id) => id === undefined)) return undefined;
  return getMyVideoStates(token, parsed as number[]);
}
