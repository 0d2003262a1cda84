import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_FIELD, csrfValid, sameOrigin } from './csrf.ts';
import { errorPage, pageHeaders } from './pages.ts';
import { refuseSignIn, type SignInThrottle } from './sign-in-throttle.ts';
import { startSiteSession } from './site-session.ts';

// The server side of the site's own HTML forms (the OAuth authorize page, the legacy app page):
// how a page is sent, which posted forms are refused, and the sign-in form's submission.

/** A page of the site's own, with its headers (pages.ts pageHeaders; `formTargets` see there). */
export function sendPage(reply: FastifyReply, status: number, html: string, formTargets: string[] = []): FastifyReply {
  return pageHeaders(reply, formTargets).code(status).type('text/html; charset=utf-8').send(html);
}

/**
 * A form posted to these pages must come from the site's own pages (same origin, and the CSRF
 * token the page carried); otherwise a 403 page says what to do (`startAgain`). Undefined when
 * the form may go on.
 */
export function formRefusal(req: FastifyRequest, reply: FastifyReply, startAgain: string): FastifyReply | undefined {
  if (!sameOrigin(req)) return sendPage(reply, 403, errorPage('This form was sent from another site', startAgain));
  if (!csrfValid(req, (req.body as Record<string, unknown> | undefined)?.[CSRF_FIELD])) {
    return sendPage(
      reply,
      403,
      errorPage('This form has expired', 'This form has expired or did not come from this site. Go back, reload the page and try again.'),
    );
  }
  return undefined;
}

/**
 * The sign-in form's submission: both fields, the one sign-in throttle (the same for every form
 * and the password grant, so no form is a way around it), then the site session. Undefined when
 * signed in (the caller sends the person on); else the form again with the email kept and why.
 */
export async function submitSignIn(
  req: FastifyRequest,
  reply: FastifyReply,
  throttle: SignInThrottle,
  fields: { email?: unknown; password?: unknown },
  showForm: (status: number, values: { email: string; error: string }) => FastifyReply,
): Promise<FastifyReply | undefined> {
  const email = typeof fields.email === 'string' ? fields.email.trim() : '';
  const password = typeof fields.password === 'string' ? fields.password : '';
  const again = (status: number, error: string) => showForm(status, { email, error });
  if (!email || !password) return again(400, 'Enter your email and password.');
  const outcome = await throttle.signIn(email, password, req.ip);
  if (!outcome.ok) return refuseSignIn(reply, outcome, again);
  await startSiteSession(req, reply, outcome.userId);
  return undefined;
}
