import NextAuth from 'next-auth';
import { authOptions } from '@/lib/auth/options';
import { routeHandlers } from '@/lib/route-handler';

// Sign-in, the OAuth callback (/api/auth/callback/social), next-auth's CSRF token and session
// endpoints. Options are built on the first request, so that a build needs no environment.
let handler: ReturnType<typeof NextAuth> | undefined;

function auth(req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) {
  handler ??= NextAuth(authOptions());
  return handler(req, ctx);
}

// next-auth's POSTs carry its own CSRF token (double-submit cookie), so a request without an
// Origin (no browser's) may reach it; one from another origin is refused before it.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers({ GET: auth, POST: auth }, { requireOrigin: false });
