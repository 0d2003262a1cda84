import { unstable_rethrow } from 'next/navigation';
import { sessionCookieName } from './auth/cookies.ts';
import { env } from './env.ts';
import { crossSiteRefusal } from './request-guard.ts';
import { withSecurityHeaders } from './security-headers.ts';

// Every route handler is written as `export const POST = routeHandler(async (request) => …)`:
// one place gives its answers the security headers of the pages (the upload routes stay out of
// proxy.ts, which would buffer their bodies), refuses a state-changing request from another
// site before the handler runs, and turns a handler's own failure into a plain 500 message
// instead of Next's error page.

type Handler<C> = (request: Request, context: C) => Response | Promise<Response>;

const refuse = (status: number, message: string) => Response.json({ message }, { status });

export interface RouteOptions {
  requireOrigin?: boolean;
  /**
   * The handler's answers marked `public` are the same for everyone (a preview image, a picture
   * of the image route): they keep their own Cache-Control even for a signed-in person.
   */
  shared?: boolean;
  /** The origin allowed to frame the answers (the legacy app's), read when a request comes. */
  framedBy?: () => string;
}

/**
 * `requireOrigin` (the default): a state-changing request must say where it comes from (every
 * browser sends Origin with a POST); false only where the handler checks a CSRF token of its own.
 */
function routeHandler<C>(
  handler: Handler<C>,
  { requireOrigin = true, shared = false, framedBy }: RouteOptions = {},
): (request: Request, context: C) => Promise<Response> {
  return async (request, context) => {
    const e = env();
    const signedIn = (request.headers.get('cookie') ?? '').includes(`${sessionCookieName(e.secure)}=`);
    const refusal = crossSiteRefusal(request, e.WEB_ORIGIN, { requireOrigin });
    let response: Response;
    if (refusal) {
      response = refuse(refusal.status, refusal.message);
    } else {
      try {
        response = await handler(request, context);
      } catch (err) {
        // redirect() and notFound() are Next's to answer.
        unstable_rethrow(err);
        console.error(`[route] ${request.method} ${new URL(request.url).pathname}`, err);
        response = refuse(500, 'Something went wrong. Please try again.');
      }
    }
    return withSecurityHeaders(response, { secure: e.secure, signedIn, shared, framedBy: framedBy?.() });
  };
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
type Method = (typeof METHODS)[number];

/**
 * Every method of a route module, so that the methods it does not handle also answer through
 * routeHandler() (405 with the pages' headers) rather than Next's bare 405:
 * `export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers({ POST: upload })`.
 */
export function routeHandlers<C>(
  handlers: Partial<Record<Method, Handler<C>>>,
  options?: RouteOptions,
): Record<Method, (request: Request, context: C) => Promise<Response>> {
  const allow = METHODS.filter((m) => handlers[m]).join(', ');
  const notAllowed: Handler<C> = () =>
    Response.json({ message: `This address answers ${allow} only.` }, { status: 405, headers: { allow } });
  return Object.fromEntries(METHODS.map((m) => [m, routeHandler(handlers[m] ?? notAllowed, options)])) as Record<
    Method,
    (request: Request, context: C) => Promise<Response>
  >;
}
