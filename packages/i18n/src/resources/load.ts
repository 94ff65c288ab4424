import { type Language } from "../languages";
import { type Namespace } from "./namespaces";

/** One namespace's texts in one language, as i18next's `addResourceBundle` takes them. */
export type NamespaceResources = Record<string, unknown>;

type Loaders = Record<Language, Record<Namespace, () => Promise<NamespaceResources>>>;

// One dynamic import per language and namespace, written out so that bundlers make each file a chunk
// of its own: an app downloads only the namespaces it asks for, in the language it shows.
const LOADERS: Loaders = {
  en: {
    common: () => import("./en/common").then((module) => module.common),
    web: () => import("./en/web").then((module) => module.web),
    sign: () => import("./en/sign").then((module) => module.sign),
    errors: () => import("./en/errors").then((module) => module.errors),
    security: () => import("./en/security").then((module) => module.security),
    mail: () => import("./en/mail").then((module) => module.mail),
    proof: () => import("./en/proof").then((module) => module.proof),
    verify: () => import("./en/verify").then((module) => module.verify),
  },
  fr: {
    common: () => import("./fr/common").then((module) => module.common),
    web: () => import("./fr/web").then((module) => module.web),
    sign: () => import("./fr/sign").then((module) => module.sign),
    errors: () => import("./fr/errors").then((module) => module.errors),
    security: () => import("./fr/security").then((module) => module.security),
    mail: () => import("./fr/mail").then((module) => module.mail),
    proof: () => import("./fr/proof").then((module) => module.proof),
    verify: () => import("./fr/verify").then((module) => module.verify),
  },
};

/**
 * One namespace's texts in one language, downloaded on demand (a chunk of its own in a bundled
 * app). Rejects for a language or namespace Paraphe does not have.
 */
export function loadNamespace(
  language: Language,
  namespace: Namespace,
): Promise<NamespaceResources> {
  const loader = Object.hasOwn(LOADERS, language)
    ? (LOADERS[language] as Partial<Record<string, () => Promise<NamespaceResources>>>)[namespace]
    : undefined;
  if (!loader || !Object.hasOwn(LOADERS[language], namespace)) {
    return Promise.reject(
      new Error(`@paraphe/i18n has no namespace "${String(namespace)}" in "${String(language)}"`),
    );
  }
  return loader();
}
