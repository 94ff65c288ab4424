import type { Language } from "@paraphe/api-sdk/contract";
import { z } from "zod";
import { zodResolver } from "../../../lib/forms/zod-resolver";
import { emailSchema, isSupportedLanguageCode } from "./language";

// The login's first step checks its email with the contract's schema, which this chunk brings (zod
// and the schema) after the page has shown: the forms load it with `loadLoginFormSchemas`.

const emailFormSchema = z.object({ email: emailSchema });
export type EmailFormInput = z.input<typeof emailFormSchema>;
export type EmailFormOutput = z.output<typeof emailFormSchema>;

/** The resolver of the login's email (required, valid): the email step's and single sign-on's. */
export const emailFormResolver = zodResolver(emailFormSchema);

/** The language the api mails in, when i18next's `language` is one it takes (en, fr). */
export function mailLanguage(language: string): { language?: Language } {
  return isSupportedLanguageCode(language) ? { language } : {};
}
