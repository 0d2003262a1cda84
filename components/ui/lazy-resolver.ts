import type { FieldValues, Resolver } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';

/**
 * A form's resolver whose code loads after the page, not with it: a zod schema brings zod
 * itself (~17 KiB of gzipped JavaScript, and its set-up while the page wakes up) into the first
 * load of every page that imports it. In the browser the schema is fetched once the page has
 * loaded and the main thread is idle, in a task of its own, so that the form's first check (the
 * first blur of a touched field, or submit) finds it there — also when the connection dropped
 * meanwhile. A check that comes first waits for it (react-hook-form awaits a resolver anyway); a
 * load that failed is tried again at the next check. A form's zod schema goes through
 * `lazyZodResolver` below; call either once, outside the component.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): Resolver<T> {
  const start = lazySchema(load);
  return async (values, context, options) => (await start())(values, context, options);
}

/**
 * The same for a form without react-hook-form (the feed's compose box, a comment box): `load`
 * runs once the page has loaded and the browser is idle, and the function answered gives what
 * it loaded (waiting for it if need be; a load that failed is tried again, and rejects when it
 * fails again: the form says so and keeps what was typed).
 *
 *   const commentSchema = lazySchema(() => import('@/lib/validations/x').then((m) => m.xSchema));
 *   const parsed = (await commentSchema()).safeParse(values);
 */
export function lazySchema<S>(load: () => Promise<S>): () => Promise<S> {
  let loading: Promise<S> | undefined;
  const start = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  if (typeof window !== 'undefined') afterLoadWhenIdle(() => void start().catch(() => {}));
  return start;
}

/** What a form says when its schema could not be loaded (offline, or a new version of the site deployed meanwhile). */
export const SCHEMA_NOT_LOADED = 'This could not be checked: check your connection and try again. Nothing you typed is lost.';

/**
 * A form's resolver from a zod schema, loaded after the page (`lazyResolver`): the schema's module
 * and `zodResolver` are both fetched then, side by side, and neither is in the page's first load.
 *
 *   const resolver = lazyZodResolver<XValues>(() => import('@/lib/validations/x').then((m) => m.xSchema));
 */
export function lazyZodResolver<T extends FieldValues>(loadSchema: () => Promise<$ZodType<T, T>>): Resolver<T> {
  return lazyResolver<T>(async () => {
    const [{ zodResolver }, schema] = await Promise.all([import('@hookform/resolvers/zod'), loadSchema()]);
    return zodResolver(schema);
  });
}

/** Runs `run` once the page has loaded and the browser is idle (a timer where there is no requestIdleCallback). */
function afterLoadWhenIdle(run: () => void): void {
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 3000 }) : setTimeout(run, 200));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
