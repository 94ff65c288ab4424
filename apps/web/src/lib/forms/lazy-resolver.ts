import { type FieldValues, type Resolver } from "react-hook-form";

/**
 * A form resolver whose code (a zod schema, zod itself) is a chunk loaded on demand: `load` starts at
 * once, so that the chunk downloads while the form renders and is there when the form is first
 * checked (at submit); a check before then waits for it. A chunk that fails to load is asked for
 * again by the next check; when the chunk-load guard takes the failure (it reloads the page), the
 * import resolves with nothing and the check waits for the reload.
 */
export function lazyResolver<Input extends FieldValues, Context, Output>(
  load: () => Promise<Resolver<Input, Context, Output> | undefined>,
): Resolver<Input, Context, Output> {
  let loading: Promise<Resolver<Input, Context, Output>> | null = null;
  const ready = (): Promise<Resolver<Input, Context, Output>> => {
    if (!loading) {
      const attempt = load().then((resolver) => resolver ?? new Promise<never>(() => {}));
      attempt.catch(() => {
        if (loading === attempt) loading = null;
      });
      loading = attempt;
    }
    return loading;
  };
  void ready().catch(() => undefined);
  return async (values, context, options) => (await ready())(values, context, options);
}
