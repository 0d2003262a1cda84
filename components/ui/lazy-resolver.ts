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
  let loading: Promise<Resolver<T>> | undefined;
  const start = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  if (typeof window !== 'undefined') afterLoadWhenIdle(() => void start().catch(() => {}));
  return async (values, context, options) => (await start())(values, context, options);
}

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
