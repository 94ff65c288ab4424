import "../../../app/zod-jitless";
import { fieldErrorsFromZod, type Language } from "@paraphe/api-sdk/contract";
import { z } from "zod";
import { type FormFieldError } from "../../../lib/api/error-text";
import { emailSchema, isSupportedLanguageCode } from "./language";

// The login's first step checks its email with the contract's schema, which this chunk brings (zod
// and the schema) after the page has shown: the forms load it with `loadLoginFormSchemas`.

const emailFormSchema = z.object({ email: emailSchema });

/**
 * The login's email (required, valid) checked by the contract's rule: the normalised email, or the
 * field's problem (its word and the numbers of a limit it names), for the email step and single
 * sign-on.
 */
export function checkLoginEmail(
  value: string,
): { email: string; problem?: undefined } | { problem: FormFieldError } {
  const parsed = emailFormSchema.safeParse({ email: value });
  if (parsed.success) return { email: parsed.data.email };
  const [first] = fieldErrorsFromZod(parsed.error);
  return {
    problem: first?.params
      ? { message: first.message, params: first.params }
      : { message: first?.message ?? "invalid_email" },
  };
}

/** The language the api mails in, when i18next's `language` is one it takes (en, fr). */
export function mailLanguage(language: string): { language?: Language } {
  return isSupportedLanguageCode(language) ? { language } : {};
}
