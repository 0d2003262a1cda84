import { routeHandlers } from '@/lib/route-handler';
import { videoStates } from '@/lib/videos/states';

// GET /api/videos/states?ids=…: /videos/my's poll while videos are being converted (lib/videos/states.ts).
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers({ GET: videoStates });
