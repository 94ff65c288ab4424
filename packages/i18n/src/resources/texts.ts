import { type Language } from "../languages";
import { type Namespace } from "./namespaces";

/** One namespace's texts in one language, as i18next's `addResourceBundle` takes them. */
export type NamespaceResources = Record<string, unknown>;

/**
 * How to download one namespace's texts, per language: each a dynamic import, so that a bundler
 * makes each language of each namespace a chunk of its own. An app names the ones it shows
 * (`createSelectiveBrowserI18n`), and the others are not in its build.
 */
export type NamespaceTexts = Readonly<Record<Language, () => Promise<NamespaceResources>>>;

// Written out one namespace at a time (no loop, no shared table), so that a bundler drops the
// namespaces an app does not name, and their chunks with them.

/** The `common` namespace (the default one: every app needs it). */
export const commonTexts: NamespaceTexts = {
  en: () => import("./en/common").then((module) => module.common),
  fr: () => import("./fr/common").then((module) => module.common),
};

/** The team web app's `web` namespace. */
export const webTexts: NamespaceTexts = {
  en: () => import("./en/web").then((module) => module.web),
  fr: () => import("./fr/web").then((module) => module.web),
};

/** The signing app's `sign` namespace. */
export const signTexts: NamespaceTexts = {
  en: () => import("./en/sign").then((module) => module.sign),
  fr: () => import("./fr/sign").then((module) => module.sign),
};

/** The `errors` namespace: the api's error codes and the validation words, for the user. */
export const errorsTexts: NamespaceTexts = {
  en: () => import("./en/errors").then((module) => module.errors),
  fr: () => import("./fr/errors").then((module) => module.errors),
};

/** The `security` namespace: the secure connection and the attestation details. */
export const securityTexts: NamespaceTexts = {
  en: () => import("./en/security").then((module) => module.security),
  fr: () => import("./fr/security").then((module) => module.security),
};

/** The `mail` namespace (server side). */
export const mailTexts: NamespaceTexts = {
  en: () => import("./en/mail").then((module) => module.mail),
  fr: () => import("./fr/mail").then((module) => module.mail),
};

/** The `proof` namespace (the proof file, server side). */
export const proofTexts: NamespaceTexts = {
  en: () => import("./en/proof").then((module) => module.proof),
  fr: () => import("./fr/proof").then((module) => module.proof),
};

/** The `verify` namespace (the verification page). */
export const verifyTexts: NamespaceTexts = {
  en: () => import("./en/verify").then((module) => module.verify),
  fr: () => import("./fr/verify").then((module) => module.verify),
};

/** Every namespace's texts (what `loadNamespace` and `createLazyBrowserI18n` download from). */
export const allTexts = {
  common: commonTexts,
  web: webTexts,
  sign: signTexts,
  errors: errorsTexts,
  security: securityTexts,
  mail: mailTexts,
  proof: proofTexts,
  verify: verifyTexts,
} as const satisfies Record<Namespace, NamespaceTexts>;
