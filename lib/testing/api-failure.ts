import { ApiError } from '../social-api/errors.ts';

/** The API's refusal of a call that must fail (anything else that goes wrong is thrown on). */
export async function apiFailure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected the call to fail');
}
