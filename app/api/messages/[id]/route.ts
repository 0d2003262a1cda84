import { routeHandlers } from '@/lib/route-handler';
import { conversationSince } from '@/lib/messages/poll';

// GET /api/messages/{id}?since=N: an open conversation's poll (lib/messages/poll.ts).
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers<{ params: Promise<{ id: string }> }>({
  GET: async (request, { params }) => conversationSince((await params).id, new URL(request.url).searchParams.get('since')),
});
