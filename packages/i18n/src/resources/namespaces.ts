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
