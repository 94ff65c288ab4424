import { z } from "zod";
import { ErrorCode } from "./error-codes";

export { ErrorCode, isErrorCode } from "./error-codes";
export { errorCatalogue, type ErrorCodeDefinition } from "./error-catalogue";

export const errorCodeSchema = z.enum(ErrorCode);

/**
 * One problem with one field of a request, so that a form can show it beside that field.
 * `path` is the dotted path of the field (`recipients.0.email`; empty for the whole body), the
 * notation react-hook-form uses for field names; `code` is the validation rule that failed
 * (`invalid_type`, `too_small`, `invalid_format`, ...), stable for translation.
 */
export const fieldErrorSchema = z.object({
  path: z.string(),
  code: z.string(),
  message: z.string(),
  /**
   * The numbers of a limit the value went over, for the apps to say them: `limit` (the most
   * allowed: characters, items, pages, bytes) and, when known, what was given (`count`, `size`).
   */
  params: z.record(z.string(), z.number()).optional(),
});

export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * The shape of every error answer of the API (spec §8), plus the field problems of a
 * VALIDATION_ERROR, or a CONFLICT's reason (`{ path: "conflict", code: "conflict", message }`).
 */
export const errorResponseSchema = z.object({
  statusCode: z.number().int().min(400).max(599),
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    suggestion: z.string(),
    documentationUrl: z.string(),
    fields: z.array(fieldErrorSchema).optional(),
  }),
  requestId: z.string(),
  timestamp: z.iso.datetime(),
  path: z.string(),
});

export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Each zod issue as a field problem of a VALIDATION_ERROR: what the api answers and the SDK checks. */
export function fieldErrorsFromZod(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => {
    // A maximum is named (characters of a text, items of a list): "at most 255 characters"; a
    // refinement names its own with `params: { limit }`.
    const limit =
      issue.code === "too_big"
        ? Number(issue.maximum)
        : issue.code === "custom" && typeof issue.params?.limit === "number"
          ? issue.params.limit
          : Number.NaN;
    return {
      path: issue.path.map(String).join("."),
      code: issue.code,
      message: issue.message,
      ...(Number.isFinite(limit) ? { params: { limit } } : {}),
    };
  });
}
