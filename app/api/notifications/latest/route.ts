import { routeHandlers } from '@/lib/route-handler';
import { bellLatest } from '@/lib/notifications/bell';

// GET /api/notifications/latest: the bell's panel (lib/notifications/bell.ts).
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers({ GET: () => bellLatest() });
