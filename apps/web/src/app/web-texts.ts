import {
  commonTexts,
  errorsTexts,
  securityTexts,
  webTexts,
  type AppTexts,
  type Namespace,
} from "@paraphe/i18n";

// Nothing here imports i18next: the entry (`main.tsx`) asks for the first page's texts with it.

/**
 * The texts the team web app shows, each language of each namespace a chunk of its own: nothing
 * else of `@paraphe/i18n`'s resources is in its build (the mails, the proof file, the verification
 * and signing pages are other apps' texts).
 */
export const WEB_TEXTS = {
  common: commonTexts,
  web: webTexts,
  errors: errorsTexts,
  security: securityTexts,
} as const satisfies AppTexts;

/**
 * What every page shows (the frame with its security button, the forms, the api's errors),
 * downloaded before the first render.
 */
export const FIRST_NAMESPACES = [
  "web",
  "errors",
  "security",
] as const satisfies readonly Namespace[];
