import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LEGACY_ERRORS, LegacyError, failure, invalid, single } from './envelope.ts';
import { METHODS } from './methods/index.ts';
import { paramProperties } from './methods/context.ts';
import type { Infer, InferProperties } from '../http/schemas.ts';
import { authenticateToken, exchangeKey } from './tokens.ts';
import { EXTENSION_KEYWORD, LEGACY_TOKEN } from '../openapi/marks.ts';

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;

const methodNames = Object.keys(METHODS);

/** The methods, as the OpenAPI document lists them under `method`. */
const methodList = methodNames
  .map((name) => {
    const m = METHODS[name]!;
    return `- \`${name}\`${m.extension ? ' (**extension**: ' + m.extension + ')' : ''}: ${m.summary}`;
  })
  .join('\n');

/** Everything a method call may carry; values are checked here, the rest by each method. */
const callProperties = {
  token: { ...text(200), description: 'The token of /token.php (in the query, where the document puts it).' },
  // Any text: an unknown method is the legacy error 1, not a refusal of the request (examples, not an enum).
  method: { ...text(100), description: 'module.method: one of the methods above.', examples: methodNames },
  ...paramProperties,
} as const;

const tokenQuery = { type: 'object', properties: { key: text(200) } } as const;

const INTEGER_PARAMS = new Set(['page', 'user_id', 'friend_user_id']);

/** A call's parameters: the query's, and a POST's form body's (with its `photo` file). */
type CallQuery = InferProperties<typeof callProperties> & { photo?: unknown };

function send(reply: FastifyReply, body: unknown): FastifyReply {
  // Answers belong to one user's token: never cached by anything in between.
  return reply.code(200).header('Cache-Control', 'no-store').type('application/json; charset=utf-8').send(body);
}

/** Every failure, even a malformed request, is the legacy error form with HTTP 200. */
function legacyErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof LegacyError) return send(reply, failure(err));
  if (err.validation) {
    const v = err.validation[0]!;
    const name =
      (v.instancePath || '').replace(/^\//, '') ||
      String((v.params as Record<string, unknown>).missingProperty ?? err.validationContext ?? 'request');
    const why =
      v.keyword === 'maxLength'
        ? 'is too long'
        : INTEGER_PARAMS.has(name)
          ? 'must be a positive whole number'
          : 'must be sent once, as text';
    return send(reply, failure(invalid(name, why)));
  }
  const status = err.statusCode ?? 500;
  if (status === 413) {
    return send(reply, failure(new LegacyError(LEGACY_ERRORS.BAD_FILE, 'The request or its file is larger than this server accepts.')));
  }
  if (status >= 400 && status < 500) {
    return send(
      reply,
      failure(
        new LegacyError(LEGACY_ERRORS.PARAM_INVALID, 'The request could not be read; send a query string or a multipart/form-data body.'),
      ),
    );
  }
  req.log.error({ err }, 'legacy api failed');
  return send(reply, failure(new LegacyError(LEGACY_ERRORS.INTERNAL, 'Something went wrong on our side. Please try again.')));
}

/** The legacy token API (spec 001): /token.php and /api.php at the root. */
export default async function legacyApiRoutes(app: FastifyInstance): Promise<void> {
  app.setErrorHandler(legacyErrorHandler);

  app.get<{ Querystring: Infer<typeof tokenQuery> }>(
    '/token.php',
    {
      schema: {
        summary: "Exchange an application's one-time key for a token",
        description: 'The key the site passed to the application (single use, 60 s). Output `{token}`, valid 2 hours.',
        querystring: tokenQuery,
      },
    },
    async (req, reply) => {
      const key = req.query.key;
      if (!key) throw new LegacyError(LEGACY_ERRORS.PARAM_MISSING, 'The parameter key is required.');
      return send(reply, single({ token: await exchangeKey(app.db, key) }));
    },
  );

  // Parameters follow in the query (the document); a POST may also carry them in its form body.
  const handler = async (req: FastifyRequest<{ Querystring: CallQuery; Body: CallQuery | undefined }>, reply: FastifyReply) => {
    const params: CallQuery = { ...(req.body ?? {}), ...req.query };
    const name = params.method;
    const method = name && Object.hasOwn(METHODS, name) ? METHODS[name] : undefined;
    if (!method) {
      throw new LegacyError(
        LEGACY_ERRORS.UNKNOWN_METHOD,
        name ? `Unknown method ${name}.` : 'The parameter method is required (module.method).',
      );
    }
    const session = await authenticateToken(app.db, params.token);
    if (method.postOnly && req.method !== 'POST')
      throw new LegacyError(LEGACY_ERRORS.POST_REQUIRED, `${name} must be sent as a POST with a multipart/form-data body.`);
    return send(reply, await method.run({ db: app.db, config: app.config, session, params }));
  };
  // What the document says of the one entry point: its methods, which of them are extensions, and
  // its token (the OpenAPI security scheme legacyToken).
  const doc = {
    description: `Runs the method named by \`method\`; parameters in the query (a POST may also carry them in its form body).\n\n${methodList}`,
    security: [{ [LEGACY_TOKEN]: [] }],
    [EXTENSION_KEYWORD + '-methods']: methodNames.filter((n) => METHODS[n]!.extension),
  };
  const schema = {
    querystring: { type: 'object', properties: callProperties },
    body: { type: 'object', properties: { ...callProperties, photo: {} } },
  };
  app.get(
    '/api.php',
    { schema: { summary: 'Run a method (those that change nothing)', ...doc, querystring: schema.querystring } },
    handler,
  );
  app.post(
    '/api.php',
    {
      schema: { summary: 'Run a method (uploads and auth.expireSession need a POST)', ...doc, ...schema },
      // photo.addPhoto's picture; any other file part is refused unread (http/multipart.ts).
      config: { files: ['photo'] },
      // A token in the query (where the document puts it) is checked before the body is read:
      // the body of a request with a wrong one is never read.
      onRequest: async (req) => {
        const token: unknown = req.query.token;
        if (typeof token === 'string') await authenticateToken(app.db, token);
      },
      // A POST without a body carries its parameters in the query alone; a body must be a form.
      preValidation: async (req) => {
        if (req.body === undefined || req.body === null) req.body = {};
        if (typeof req.body !== 'object' || Buffer.isBuffer(req.body)) {
          throw new LegacyError(LEGACY_ERRORS.PARAM_INVALID, 'The request body must be multipart/form-data or a urlencoded form.');
        }
      },
    },
    handler,
  );
}
