import { routeHandlers } from '@/lib/route-handler';
import { suggest } from '@/lib/search/suggest';

// GET /api/search/suggest?q=…: the header search field's suggestions (lib/search/suggest.ts).
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers({
  GET: (request) => suggest(new URL(request.url).searchParams.get('q') ?? ''),
});
