/**
 * The legacy API's answers (DESIGN.md): always HTTP 200, `{api:{total,pages,current_page}, output}`.
 * Lists come 10 to a page (`page`, from 1); a single result (an object, a number, a token)
 * counts as one item on one page. Errors put `{error:true, error_id, error_message}` in
 * `output`, with api all zeros.
 *
 * error_id | meaning
 * -------- | -------
 *        1 | unknown or missing method
 *        2 | token missing
 *        3 | token invalid or expired
 *        4 | a required parameter is missing (the message names it)
 *        5 | a parameter is invalid (the message names it)
 *        6 | the user was not found
 *        7 | not allowed: another user's private data (mail and notifications are the token user's only)
 *        8 | the method must be sent as POST
 *        9 | the uploaded file is not an accepted image, or is too large
 *       10 | the key is unknown, used or expired (token.php)
 *       99 | something went wrong on the server
 */
export const LEGACY_ERRORS = {
  UNKNOWN_METHOD: 1,
  TOKEN_MISSING: 2,
  TOKEN_INVALID: 3,
  PARAM_MISSING: 4,
  PARAM_INVALID: 5,
  USER_NOT_FOUND: 6,
  NOT_ALLOWED: 7,
  POST_REQUIRED: 8,
  BAD_FILE: 9,
  KEY_INVALID: 10,
  INTERNAL: 99,
} as const;

export const PAGE_SIZE = 10;

export class LegacyError extends Error {
  readonly id: number;
  constructor(id: number, message: string) {
    super(message);
    this.id = id;
  }
}

export const missing = (name: string) => new LegacyError(LEGACY_ERRORS.PARAM_MISSING, `The parameter ${name} is required.`);
export const invalid = (name: string, why: string) => new LegacyError(LEGACY_ERRORS.PARAM_INVALID, `The parameter ${name} ${why}.`);

export interface Envelope {
  api: { total: number; pages: number; current_page: number };
  output: unknown;
}

export function single(output: unknown): Envelope {
  return { api: { total: 1, pages: 1, current_page: 1 }, output };
}

/** One page of a list; a page past the end is an empty array. */
export function list(items: unknown[], total: number, page: number): Envelope {
  return { api: { total, pages: Math.ceil(total / PAGE_SIZE), current_page: page }, output: items };
}

export function failure(err: LegacyError): Envelope {
  return { api: { total: 0, pages: 0, current_page: 0 }, output: { error: true, error_id: err.id, error_message: err.message } };
}
