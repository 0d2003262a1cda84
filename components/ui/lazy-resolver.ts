import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form's resolver whose code loads when the form first needs it — its first check, on the
 * first blur of a field it touched or on submit — not with the page: a zod schema brings zod
 * itself (~17 KiB of gzipped JavaScript) into the first load of every page that imports it.
 * Nothing is lost while it loads: react-hook-form awaits a resolver anyway. A load that failed
 * (the network) is tried again at the next check. Call it once, outside the component:
 *
 *   const resolver = lazyResolver(async () => zodResolver((await import('@/lib/validations/x')).xSchema));
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): Resolver<T> {
  let loading: Promise<Resolver<T>> | undefined;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return (await loading)(values, context, options);
  };
}
