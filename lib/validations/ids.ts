// zod/mini: the forms' schemas that hold ids run in the browser too.
import * as z from 'zod/mini';

// The one id schema of every form and action: the id of something the API gave (a post, a
// photo, a person). An id from the URL is read by parseId() (lib/params.ts) instead: a page
// answers 404 for it rather than a message.

/** A positive whole number: z.int() is a safe integer, so every id is one JavaScript holds exactly. */
export const idSchema = z.number().check(z.int(), z.positive());

/** The same id written as text (a form's field): '12' is 12. */
export const idTextSchema = z.coerce.number().check(z.int(), z.positive());
