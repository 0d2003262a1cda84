import { getSession } from '../auth/session.ts';
import { myVideoStates } from './commands.ts';

// GET /api/videos/states?ids=3,5 (app/api/videos/states): the state of the reader's videos that
// /videos/my shows still being converted (components/videos/video-states-poll.tsx), each
// `{id, status, statusMessage, duration, thumb}`; one not listed is gone (deleted).

export interface VideoState {
  id: number;
  status: string;
  statusMessage: string;
  duration: string;
  thumb: string;
}

const noStore = { 'cache-control': 'no-store' };

export async function videoStates(request: Request): Promise<Response> {
  const session = await getSession();
  if (!session) return Response.json({ message: 'Sign in to see your videos.' }, { status: 401, headers: noStore });
  const videos = await myVideoStates(session.accessToken, new URL(request.url).searchParams.get('ids'));
  if (!videos) return Response.json({ message: 'Name the videos to ask about: ?ids=3,5' }, { status: 400, headers: noStore });
  const states: VideoState[] = videos.map((v) => ({
    id: v.id,
    status: v.status,
    statusMessage: v.statusMessage,
    duration: v.duration,
    thumb: v.thumb,
  }));
  return Response.json({ videos: states }, { headers: noStore });
}
