import { type Language } from "../languages";
import { en } from "./en";
import { fr } from "./fr";

import { type Namespace } from "./namespaces";

export { DEFAULT_NAMESPACE, NAMESPACES, type Namespace } from "./namespaces";

/** All translations, per language then namespace, in the shape i18next's `resources` option takes. */
export const resources = { en, fr } satisfies Record<Language, Record<Namespace, unknown>>;

export type Resources = (typeof resources)["en"];

// Typed keys: `t("nav.dashboard")` is checked against the English resources in every package that
// imports @paraphe/i18n, and a missing key is a type error.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: Resources;
  }
}
