import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { now } from '../db/index.ts';
import {
  AUTHORIZATION_PARAMS,
  type AuthorizationRequest,
  authorizationParams,
  checkAuthorizationRequest,
  errorLocation,
  responseLocation,
} from './authorization-request.ts';
import { randomToken, sha256 } from './crypto.ts';
import { CSRF_FIELD, csrfToken } from './csrf.ts';
import { LOCATION_MAX, textParams, tooLongMessage } from './limits.ts';
import { consentPage, cspSourceOf, errorPage, type FormContext, pageHeaders, signInPage } from './pages.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';
import { formRefusal, sendPage, submitSignIn } from './site-forms.ts';
import { endSiteSession, siteUserId } from './site-session.ts';
import { CODE_TTL, issueTokens, newFamilyId } from './tokens.ts';

export const AUTHORIZE_PATH = '/api/v1/oauth/authorize';

// Every parameter is text of a bounded length (limits.ts): the page echoes what it accepts.
const requestProperties = textParams(AUTHORIZATION_PARAMS);
const authorizeQuery = { type: 'object', properties: requestProperties };
const authorizeBody = {
  type: 'object',
  properties: { ...requestProperties, ...textParams([CSRF_FIELD, 'action', 'email', 'password']) },
};

const showError = (reply: FastifyReply, status: number, message: string, title = 'This request cannot be completed') =>
  sendPage(reply, status, errorPage(title, message));

/**
 * A redirect, unless its Location is longer than a browser's next request can carry (then a
 * page says so): a redirect the browser cannot follow strands the person between two sites.
 */
function redirectTo(reply: FastifyReply, location: string, status: 302 | 303): FastifyReply {
  if (location.length > LOCATION_MAX) {
    return showError(reply, 400, 'The answer to this request is too long to send back. Start again from the application you were using.');
  }
  return reply.redirect(location, status);
}

/** Malformed requests (a parameter sent twice, or too long) and failures answer a page, never JSON or a trace. */
function pageErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode ?? 500;
  if (err.validation || (status >= 400 && status < 500)) {
    const tooLong = err.validation ? tooLongMessage(err) : undefined;
    return showError(
      reply,
      400,
      tooLong
        ? `The authorization request is malformed: ${tooLong}`
        : 'The authorization request is malformed: each parameter must be sent at most once, as text.',
    );
  }
  req.log.error({ err }, 'authorize page failed');
  return showError(reply, 500, 'Something went wrong on our side. Please try again.', 'Something went wrong');
}

/** The page's forms carry the authorization request along, so every step re-validates it. */
function formContext(req: FastifyRequest, reply: FastifyReply, request: AuthorizationRequest): FormContext {
  const hidden: Record<string, string> = {};
  for (const [k, v] of Object.entries(request.params)) if (v !== undefined) hidden[k] = v;
  hidden[CSRF_FIELD] = csrfToken(req, reply);
  return { action: AUTHORIZE_PATH, hidden, clientName: request.client.name };
}

const formTargets = (request: AuthorizationRequest): string[] => {
  const source = cspSourceOf(request.redirectUri);
  return source ? [source] : [];
};

/** The authorize page again, for the same request (after signing in or out). */
const backToAuthorize = (request: AuthorizationRequest): string =>
  `${AUTHORIZE_PATH}?${new URLSearchParams(request.params as Record<string, string>).toString()}`;

async function renderStep(req: FastifyRequest, reply: FastifyReply, request: AuthorizationRequest) {
  const userId = await siteUserId(req);
  const user =
    userId === null
      ? undefined
      : await req.server.db.selectFrom('users').select(['full_name', 'email']).where('id', '=', userId).executeTakeFirst();
  const ctx = formContext(req, reply, request);
  if (!user) return sendPage(reply, 200, signInPage(ctx), formTargets(request));
  const redirectHost = URL.canParse(request.redirectUri) ? new URL(request.redirectUri).host || request.redirectUri : request.redirectUri;
  return sendPage(reply, 200, consentPage(ctx, { user, scopes: request.scopes, redirectHost }), formTargets(request));
}

/** The user allowed the request: a code (code flow) or an access token (implicit flow) goes back. */
async function grant(req: FastifyRequest, request: AuthorizationRequest, userId: number): Promise<string> {
  const { db } = req.server;
  const scope = request.scopes.join(' ');
  if (request.responseType === 'code') {
    const code = randomToken();
    await db
      .insertInto('oauth_codes')
      .values({
        code_hash: sha256(code),
        client_id: request.client.id,
        user_id: userId,
        redirect_uri: request.params.redirect_uri ?? null,
        scope,
        code_challenge: request.codeChallenge,
        code_challenge_method: request.codeChallenge ? 'S256' : null,
        family_id: newFamilyId(),
        expires_at: now() + CODE_TTL,
        used_at: null,
      })
      .execute();
    return responseLocation(request.redirectUri, { code, state: request.state }, false);
  }
  // Implicit: no refresh token (RFC 6749 §4.2.2).
  const tokens = await issueTokens(db, { clientId: request.client.id, userId, scope, familyId: newFamilyId(), withRefresh: false });
  return responseLocation(
    request.redirectUri,
    {
      access_token: tokens.access_token,
      token_type: tokens.token_type,
      expires_in: String(tokens.expires_in),
      scope: tokens.scope,
      state: request.state,
    },
    true,
  );
}

export function authorizeRoutes(app: FastifyInstance, { throttle }: { throttle: SignInThrottle }): void {
  const common = {
    errorHandler: pageErrorHandler,
    onRequest: async (_req: FastifyRequest, reply: FastifyReply) => {
      pageHeaders(reply);
    },
  };

  app.get(
    AUTHORIZE_PATH,
    {
      ...common,
      schema: {
        summary: 'The authorization page: sign in and allow the client (authorization code or implicit grant)',
        querystring: authorizeQuery,
      },
    },
    async (req, reply) => {
      const checked = await checkAuthorizationRequest(app.db, authorizationParams(req.query));
      if (checked.kind === 'show') return showError(reply, 400, checked.message);
      if (checked.kind === 'redirect') return redirectTo(reply, checked.location, 302);
      return renderStep(req, reply, checked.request);
    },
  );

  app.post(
    AUTHORIZE_PATH,
    { ...common, schema: { summary: "The authorization page's own form: sign-in, consent, sign-out", body: authorizeBody } },
    async (req, reply) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const refused = formRefusal(req, reply, 'Start again from the application you were using.');
      if (refused) return refused;
      const checked = await checkAuthorizationRequest(app.db, authorizationParams(body));
      if (checked.kind === 'show') return showError(reply, 400, checked.message);
      if (checked.kind === 'redirect') return redirectTo(reply, checked.location, 303);
      const request = checked.request;

      switch (body.action) {
        case 'sign_in': {
          const again = await submitSignIn(req, reply, throttle, body, (status, values) =>
            sendPage(reply, status, signInPage(formContext(req, reply, request), values), formTargets(request)),
          );
          return again ?? redirectTo(reply, backToAuthorize(request), 303);
        }
        case 'sign_out': {
          await endSiteSession(req, reply);
          return redirectTo(reply, backToAuthorize(request), 303);
        }
        case 'allow':
        case 'deny': {
          const userId = await siteUserId(req);
          // The session ended while the consent page was open: sign in again.
          if (userId === null) return redirectTo(reply, backToAuthorize(request), 303);
          if (body.action === 'deny') {
            const to = errorLocation(
              { ...request, inFragment: request.responseType === 'token' },
              'access_denied',
              'The user denied the request.',
            );
            return redirectTo(reply, to, 303);
          }
          return redirectTo(reply, await grant(req, request, userId), 303);
        }
        default:
          return showError(reply, 400, 'The form was not sent by one of its buttons. Go back and try again.');
      }
    },
  );
}
