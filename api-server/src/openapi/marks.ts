import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/**
 * What a route's schema says of itself for the OpenAPI document (openapi/document.ts), beside the
 * JSON schemas Fastify validates with: `summary`, and the mark of an extension.
 *
 * An extension is behaviour beyond the two API documents (spec 000, the OAuth API v1; spec 001,
 * the legacy token API), each listed in docs/api.md, "Extensions". A whole operation is marked in
 * its route schema (`schema: { summary, ...extension('…') }`); a parameter added to an operation
 * of the documents is marked in its own schema (`comment_id: { type: 'integer', ...extensionParam('…') }`).
 * The document shows both as `x-extension: true`, with the reason first in the description.
 */

export const EXTENSION_KEYWORD = 'x-extension';

/** Names of the document's security schemes (openapi/document.ts), as route schemas' `security` names them. */
export const OAUTH2 = 'oauth2';
export const CLIENT_BASIC = 'clientBasic';
export const LEGACY_TOKEN = 'legacyToken';

const NOTE = 'Extension: beyond the API documents (docs/api.md, "Extensions").';

/** The marks of an operation beyond the documents, spread into its route schema. */
export function extension(why: string) {
  return { [EXTENSION_KEYWORD]: true, description: `${NOTE} ${why}` } as const;
}

/**
 * Marks every route of `app` (a plugin whose every operation is beyond the documents: friends,
 * messages, users, event membership, …) as an extension, each route's own description after the reason.
 */
export function extensionRoutes(app: FastifyInstance, why: string): void {
  app.addHook('onRoute', (route) => {
    const own = route.schema as { description?: string } | undefined;
    const marks = extension(why);
    route.schema = {
      ...route.schema,
      ...marks,
      description: own?.description ? `${marks.description}\n\n${own.description}` : marks.description,
    };
  });
}

/** The marks of one parameter beyond the documents, on an operation of the documents. */
export function extensionParam(why: string) {
  return { [EXTENSION_KEYWORD]: true, description: `Extension: ${why}` } as const;
}

/** Fastify's own type of an Ajv plugin (its `ajv.plugins` option), as http/safe-numbers.ts takes it. */
type AjvPlugin = Extract<NonNullable<NonNullable<FastifyServerOptions['ajv']>['plugins']>[number], (...args: never[]) => unknown>;
type Ajv = Parameters<AjvPlugin>[0];

/** The Ajv plugin that lets parameter schemas carry the mark (Ajv refuses unknown keywords); it checks nothing. */
export function openApiKeywords(ajv: Ajv): Ajv {
  ajv.addKeyword({ keyword: EXTENSION_KEYWORD, schemaType: 'boolean' });
  return ajv;
}
