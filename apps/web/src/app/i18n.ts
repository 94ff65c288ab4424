import { createSelectiveBrowserI18n, type I18n } from "@paraphe/i18n";
import { FIRST_NAMESPACES, WEB_TEXTS } from "./web-texts";

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
