// The main entry of @paraphe/i18n declares the typed keys (i18next's CustomTypeOptions): loading its
// types makes every `t("…")` of this entry checked against the English resources.
import type {} from "@paraphe/i18n";
import type { AttestationComponentTextKey, AttestationStatusTextKey } from "../status/describe";

/** A key of `ATTESTATION_TEXT_KEYS` (`security.attestation.…`) as a key of the `security` namespace. */
export type SecurityNamespaceKey<K extends string> = K extends `security.${infer Rest}`
  ? Rest
  : never;

const PREFIX = "security.";

/**
 * `security.attestation.status.success` -> `attestation.status.success`, for a `t` bound to the
 * `security` namespace (`useTranslation("security")`). Typed, so a key the resources lack fails tsc.
 */
export function securityKey<K extends AttestationStatusTextKey | AttestationComponentTextKey>(
  key: K,
): SecurityNamespaceKey<K> {
  return key.slice(PREFIX.length) as SecurityNamespaceKey<K>;
}
