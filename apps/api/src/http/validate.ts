import { validator } from "hono/validator";
import type { z } from "zod";
import { AppError } from "../errors/app-error";
import { findNulText } from "./nul-text";

const JSON_MEDIA_TYPE = /^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i;

/**
 * Validates a JSON body against a contract schema. A body sent as another media type is answered
 * 415 UNSUPPORTED_MEDIA_TYPE; a body that is not JSON, or that breaks the schema, 400
 * VALIDATION_ERROR (with one entry per failing field for a schema failure). Read the result in the
 * handler with `c.req.valid("json")`. Text holding the NUL character (U+0000) is refused before the
 * schema: no column can store it, and no person types it.
 */
export function validateJson<S extends z.ZodType>(schema: S) {
  return validator("json", (value, c): z.output<S> => {
    if (!JSON_MEDIA_TYPE.test(c.req.header("Content-Type") ?? "")) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", {
        message: "The request body must be JSON.",
        suggestion: "Send the body with the header Content-Type: application/json.",
      });
    }
    const nulPath = findNulText(value);
    if (nulPath !== undefined) {
      throw new AppError("VALIDATION_ERROR", {
        message: "Some fields are not valid.",
        fields: [
          {
            path: nulPath,
            code: "invalid_string",
            message: "Text may not contain the NUL character (U+0000).",
          },
        ],
      });
    }
    const result = schema.safeParse(value);
    if (!result.success) throw AppError.fromZodError(result.error);
    return result.data;
  });
}
