import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidParams, missingParam, type ParamError } from '../errors.ts';

/**
 * Text with a NUL character (U+0000), refused at the edge for every route. No field of the API
 * means one; PostgreSQL cannot store it in text at all (an insert fails, a 500) and SQLite cuts
 * strings at it in some functions — so it is invalid text, answered as other invalid input is
 * (400 invalid_parameters naming the parameter), on either database. Uploaded files are bytes,
 * not text, and are not looked at.
 */

const hasNul = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 8 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  // Multipart files arrive as { filename, data: Buffer, … } objects: their names are text.
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
};

function nulParams(req: FastifyRequest): ParamError[] {
  const out: ParamError[] = [];
  for (const part of [req.params, req.query, req.body]) {
    if (!part || typeof part !== 'object' || Buffer.isBuffer(part)) {
      if (typeof part === 'string' && part.includes('\u0000')) out.push(nul('body'));
      continue;
    }
    for (const [name, value] of Object.entries(part as Record<string, unknown>)) {
      if (name.includes('\u0000')) out.push(nul('parameter name'));
      else if (hasNul(value)) out.push(nul(name));
    }
  }
  return out;
}

const nul = (name: string): ParamError => ({
  name,
  message: 'must not contain the NUL character (U+0000)',
  error_text: 'invalid_parameter',
});

/** Registers the check; call before any route is added. */
export function refuseNulText(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    const params = nulParams(req);
    if (params.length) throw invalidParams(params);
  });
}

/** A title as a form sends it: trimmed; undefined when not sent, 400 naming `title` when blank. */
export function optionalTitle(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const title = value.trim();
  if (!title) throw missingParam('title', 'must not be empty');
  return title;
}
