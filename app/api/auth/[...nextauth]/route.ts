import NextAuth from 'next-auth';
import { authOptions } from '@/lib/auth/options';

// Sign-in, the OAuth callback (/api/auth/callback/social), next-auth's CSRF token and session
// endpoints. Options are built on the first request, so that a build needs no environment.
let handler: ReturnType<typeof NextAuth> | undefined;

function auth(req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) {
  handler ??= NextAuth(authOptions());
  return handler(req, ctx);
}

export { auth as GET, auth as POST };
