import {
  commonTexts,
  createSelectiveBrowserI18n,
  errorsTexts,
  securityTexts,
  webTexts,
  type AppTexts,
  type I18n,
  type Namespace,
} from "@paraphe/i18n";

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

/**
 * The web app's i18next instance, once the reader's language's texts are there: only that language,
 * the other one when the reader switches to it (`changeLanguage` waits for it before the texts
 * change). Every namespace of `WEB_TEXTS` is shown by every page's frame, so all are there before
 * the first render and no page shows raw keys; a namespace only some pages show would be left out
 * of `FIRST_NAMESPACES` and loaded by its route (`i18n.loadNamespaces` in the route's `lazy`).
 * Rejects when the texts cannot be downloaded (the chunk-load guard reloads the page).
 */
export function createWebI18n(): Promise<I18n> {
  return createSelectiveBrowserI18n({ texts: WEB_TEXTS, namespaces: FIRST_NAMESPACES });
}
