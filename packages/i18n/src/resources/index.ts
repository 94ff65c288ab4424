import { type Language } from "../languages";
import { en } from "./en";
import { fr } from "./fr";

/** Every namespace; `common` is the default one. */
export const NAMESPACES = [
  "common",
  "web",
  "sign",
  "errors",
  "security",
  "mail",
  "proof",
  "verify",
] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE = "common" satisfies Namespace;

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
