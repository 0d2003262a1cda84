import { routes } from '@/lib/routes';
import type { VideoState } from '@/lib/videos/states';

/** How often the state of videos (or songs) being converted is asked for while the page is visible. */
export const VIDEO_STATES_EVERY_MS = 4000;

/** Whether a video is still on its way to being playable. */
export const isWaiting = (status: string) => status === 'to_be_processed' || status === 'being_processed';

/**
 * The state of some of one's own videos (GET /api/videos/states: a small answer); undefined while
 * the page is hidden (nobody is looking) or when the answer did not come.
 */
export async function askVideoStates(ids: readonly number[]): Promise<VideoState[] | undefined> {
  if (document.visibilityState !== 'visible') return undefined;
  const res = await fetch(routes.videoStates(ids), { cache: 'no-store' }).catch(() => undefined);
  if (!res?.ok) return undefined;
  return ((await res.json()) as { videos: VideoState[] }).videos;
}

/**
 * Runs `ask` every VIDEO_STATES_EVERY_MS (a video's or a song's conversion being followed), the first time after one wait, until it answers true
 * (nothing more to wait for); answers the stop (an effect's cleanup). `stopped()` tells `ask`,
 * after its own awaits, that the page no longer wants the answer.
 */
export function pollConversions(ask: (stopped: () => boolean) => Promise<boolean>): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const loop = async () => {
    if (await ask(() => stopped)) stopped = true;
    if (!stopped) timer = setTimeout(loop, VIDEO_STATES_EVERY_MS);
  };
  timer = setTimeout(loop, VIDEO_STATES_EVERY_MS);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
