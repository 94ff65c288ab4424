import "../../app/zod-jitless";
import { zodResolver as hookFormZodResolver } from "@hookform/resolvers/zod";
import { fieldErrorsFromZod } from "@paraphe/api-sdk/contract";
import { get, type FieldError, type FieldValues, type Resolver } from "react-hook-form";
import { type z } from "zod";

/**
 * The form resolver of the apps' zod schemas: react-hook-form's own, with the numbers of a limit a
 * value went over (`params.limit`: the most characters, items or bytes) kept on its field's error,
 * the way the api sends them, so that the message names the limit ("at most 200 characters").
 * The hook-form resolver keeps only a problem's word.
 */
export function zodResolver<Input extends FieldValues, Context, Output>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, Context, Output> {
  const resolve = hookFormZodResolver(schema) as Resolver<Input, Context, Output>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    const parsed = await schema.safeParseAsync(values);
    if (parsed.success) return result;
    for (const problem of fieldErrorsFromZod(parsed.error)) {
      if (problem.params === undefined) continue;
      const error = get(result.errors, problem.path) as FieldError | undefined;
      // The field's shown error is this problem (the first of its path): it names its limit.
      if (error?.message === problem.message) Object.assign(error, { params: problem.params });
    }
    return result;
  };
}
