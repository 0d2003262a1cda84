import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { namesNoEndpoint } from '../errors.ts';
import { CSRF_FIELD, csrfToken } from '../oauth/csrf.ts';
import { errorPage, pageHeaders, signInPage } from '../oauth/pages.ts';
import type { SignInThrottle } from '../oauth/sign-in-throttle.ts';
import { formRefusal, sendPage, submitSignIn } from '../oauth/site-forms.ts';
import { endSiteSession, siteSession, siteUserId } from '../oauth/site-session.ts';
import { appPage, appPageCsp } from './app-page.ts';
import { frameSrc, issueKey } from './apps.ts';
import { getLegacyApp, type LegacyApp } from '../data/legacy.ts';
import { getMemberFullName } from '../data/users.ts';
import { extension } from '../openapi/marks.ts';
import type { Infer } from '../http/schemas.ts';

/**
 * GET /apps/{app_id}: the site page that shows an application in a frame and hands it a fresh
 * one-time key. It needs the site sign-in, the same session as the OAuth authorize page; its
 * own small sign-in form (/apps/{app_id}/sign-in) returns to the app, never anywhere else.
 * Every address under /apps is one of these pages: one that names nothing answers the page
 * "Application not found", never the API's JSON.
 */

/** The prefix these pages are registered under (legacy/index.ts). */
export const APPS_PREFIX = '/apps';

/** Whether a raw request URL is an address under /apps (the router's own refusals come before any route). */
export function isAppsAddress(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === APPS_PREFIX || path.startsWith(`${APPS_PREFIX}/`);
}

const appParams = { type: 'object', properties: { app_id: { type: 'string', pattern: '^[0-9]{1,9}$' } }, required: ['app_id'] } as const;
const signInBody = {
  type: 'object',
  properties: {
    [CSRF_FIELD]: { type: 'string' },
    action: { type: 'string' },
    email: { type: 'string', maxLength: 320 },
    password: { type: 'string', maxLength: 1024 },
  },
} as const;
const signOutBody = { type: 'object', properties: { [CSRF_FIELD]: { type: 'string' } } } as const;

type AppParams = Infer<typeof appParams>;
type AppRequest = FastifyRequest<{ Params: AppParams }>;

const notFoundPage = (reply: FastifyReply) =>
  sendPage(reply, 404, errorPage('Application not found', 'There is no application at this address.'));

/**
 * Malformed requests and failures answer a page, never JSON or a trace: the pages' error handler,
 * and Fastify's `frameworkErrors` for an address under /apps (app.ts). A path whose app id is no
 * id, is longer than the router takes a parameter or is not percent-encoding names no app.
 */
export function pageErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  if ((err.validation && err.validationContext === 'params') || namesNoEndpoint(err)) return notFoundPage(reply);
  const status = err.statusCode ?? 500;
  if (err.validation || (status >= 400 && status < 500)) {
    return sendPage(
      reply,
      400,
      errorPage('This request cannot be completed', 'The form was malformed. Go back, reload the page and try again.'),
    );
  }
  req.log.error({ err }, 'app page failed');
  return sendPage(reply, 500, errorPage('Something went wrong', 'Something went wrong on our side. Please try again.'));
}

const appPath = (app: LegacyApp) => `${APPS_PREFIX}/${app.id}`;
const signInPath = (app: LegacyApp) => `${APPS_PREFIX}/${app.id}/sign-in`;

export default async function legacyPageRoutes(app: FastifyInstance, { throttle }: { throttle: SignInThrottle }): Promise<void> {
  app.setErrorHandler(pageErrorHandler);
  // Registered under APPS_PREFIX, so this answers every other address below it.
  app.setNotFoundHandler((_req, reply) => notFoundPage(reply));

  async function findApp(req: AppRequest): Promise<LegacyApp | undefined> {
    return getLegacyApp(app.db, Number(req.params.app_id));
  }

  /** Forms posted here must come from this site's own pages (CSRF); a page explains a refusal. */
  const formRefused = (req: FastifyRequest, reply: FastifyReply) => formRefusal(req, reply, 'Open the application again from the site.');

  app.get<{ Params: AppParams }>(
    '/:app_id',
    {
      schema: {
        summary: 'The site page that frames an application and hands it a one-time key (site sign-in required)',
        params: appParams,
      },
    },
    async (req, reply) => {
      const found = await findApp(req);
      if (!found) return notFoundPage(reply);
      const session = await siteSession(req);
      const user = session === null ? undefined : await getMemberFullName(app.db, session.userId);
      if (session === null || !user) return pageHeaders(reply).redirect(signInPath(found), 303);
      // The app's session lives as long as this site session does (legacy/tokens.ts).
      const src = frameSrc(found, await issueKey(app.db, found.id, session.userId, session.hash));
      const html = appPage({
        app: found,
        src,
        userName: user.full_name,
        signOutAction: `${appPath(found)}/sign-out`,
        csrf: { name: CSRF_FIELD, value: csrfToken(req, reply) },
      });
      return pageHeaders(reply)
        .header('Content-Security-Policy', appPageCsp(new URL(found.frame_url).origin))
        .code(200)
        .type('text/html; charset=utf-8')
        .send(html);
    },
  );

  app.get<{ Params: AppParams }>(
    '/:app_id/sign-in',
    {
      schema: {
        summary: "The application page's sign-in form",
        ...extension('A page of the site, not of the legacy document: signing in before an application opens.'),
        params: appParams,
      },
    },
    async (req, reply) => {
      const found = await findApp(req);
      if (!found) return notFoundPage(reply);
      if ((await siteUserId(req)) !== null) return pageHeaders(reply).redirect(appPath(found), 303);
      return sendPage(
        reply,
        200,
        signInPage({ action: signInPath(found), hidden: { [CSRF_FIELD]: csrfToken(req, reply) }, clientName: found.name }),
      );
    },
  );

  app.post<{ Params: AppParams; Body: Infer<typeof signInBody> }>(
    '/:app_id/sign-in',
    {
      schema: {
        summary: 'Sign in on the application page',
        ...extension('A page of the site, not of the legacy document: signing in before an application opens.'),
        params: appParams,
        body: signInBody,
      },
    },
    async (req, reply) => {
      const found = await findApp(req);
      if (!found) return notFoundPage(reply);
      const refused = formRefused(req, reply);
      if (refused) return refused;
      const again = await submitSignIn(req, reply, throttle, req.body ?? {}, (status, values) =>
        sendPage(
          reply,
          status,
          signInPage({ action: signInPath(found), hidden: { [CSRF_FIELD]: csrfToken(req, reply) }, clientName: found.name }, values),
        ),
      );
      return again ?? pageHeaders(reply).redirect(appPath(found), 303);
    },
  );

  app.post<{ Params: AppParams }>(
    '/:app_id/sign-out',
    {
      schema: {
        summary: 'Sign out of the site from the application page',
        ...extension("A page of the site, not of the legacy document; signing out ends the application's legacy tokens."),
        params: appParams,
        body: signOutBody,
      },
    },
    async (req, reply) => {
      const found = await findApp(req);
      if (!found) return notFoundPage(reply);
      const refused = formRefused(req, reply);
      if (refused) return refused;
      await endSiteSession(req, reply);
      return pageHeaders(reply).redirect(signInPath(found), 303);
    },
  );
}
