import { routeHandlers } from '@/lib/route-handler';
import { bellCount } from '@/lib/notifications/bell';

// GET /api/notifications/count: the bell's poll (lib/notifications/bell.ts).
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers({ GET: () => bellCount() });
