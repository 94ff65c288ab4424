import { LANGUAGES, type Language } from "@paraphe/api-sdk/contract";

export { emailSchema } from "@paraphe/api-sdk/contract";

/** Whether an i18next language code is one the api takes for mail (en, fr). */
export function isSupportedLanguageCode(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}
