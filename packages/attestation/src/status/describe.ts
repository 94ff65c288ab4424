import type { AttestationStatus } from "./schema";

/** The components the spec names (§3), in the order the security dialog shows them. */
export const KNOWN_ATTESTATION_COMPONENTS = [
  "amd_sev_snp",
  "stage0",
  "system_image",
  "kernel_image",
  "container_bundle",
  "container_config",
] as const;
export type KnownAttestationComponent = (typeof KNOWN_ATTESTATION_COMPONENTS)[number];

/** Translation keys of the attestation texts (spec §8), for the `@paraphe/i18n` resources. */
export const ATTESTATION_TEXT_KEYS = {
  statusSuccess: "security.attestation.status.success",
  statusFailure: "security.attestation.status.failure",
  statusNone: "security.attestation.status.none",
  statusUnknown: "security.attestation.status.unknown",
  statusDefault: "security.attestation.status.default",
  loading: "security.attestation.loading",
  noData: "security.attestation.noData",
  noDataDescription: "security.attestation.noDataDescription",
  lastUpdated: "security.attestation.lastUpdated",
  clickToLearnMore: "security.attestation.clickToLearnMore",
  verified: "security.attestation.verified",
  failed: "security.attestation.failed",
  pending: "security.attestation.pending",
} as const;

export type AttestationStatusTextKey =
  | typeof ATTESTATION_TEXT_KEYS.statusSuccess
  | typeof ATTESTATION_TEXT_KEYS.statusFailure
  | typeof ATTESTATION_TEXT_KEYS.statusNone
  | typeof ATTESTATION_TEXT_KEYS.statusUnknown
  | typeof ATTESTATION_TEXT_KEYS.statusDefault;

export type AttestationComponentTextKey =
  | typeof ATTESTATION_TEXT_KEYS.verified
  | typeof ATTESTATION_TEXT_KEYS.failed
  | typeof ATTESTATION_TEXT_KEYS.pending;

/** How the overall status reads: drives colours. */
export type AttestationTone = "verified" | "failure" | "pending" | "unknown" | "default";
/** Which status icon to draw; a UI maps these to its icon set. */
export type AttestationIcon = "verified" | "failure" | "pending" | "unknown";

export interface OverallStatusView {
  tone: AttestationTone;
  icon: AttestationIcon;
  textKey: AttestationStatusTextKey;
}

/**
 * How to show an overall status (spec §4): Success is verified, GenericFailure a failure, None
 * pending, Unknown unknown; anything else gets the default text and the failure icon.
 */
export function describeOverallStatus(status: string): OverallStatusView {
  switch (status) {
    case "Success":
      return { tone: "verified", icon: "verified", textKey: ATTESTATION_TEXT_KEYS.statusSuccess };
    case "GenericFailure":
      return { tone: "failure", icon: "failure", textKey: ATTESTATION_TEXT_KEYS.statusFailure };
    case "None":
      return { tone: "pending", icon: "pending", textKey: ATTESTATION_TEXT_KEYS.statusNone };
    case "Unknown":
      return { tone: "unknown", icon: "unknown", textKey: ATTESTATION_TEXT_KEYS.statusUnknown };
    default:
      return { tone: "default", icon: "failure", textKey: ATTESTATION_TEXT_KEYS.statusDefault };
  }
}

export type ComponentState = "pending" | "verified" | "failed";

export interface ComponentView {
  name: string;
  displayName: string;
  state: ComponentState;
  icon: AttestationIcon;
  textKey: AttestationComponentTextKey;
}

/** `amd_sev_snp` -> `Amd sev snp`: underscores as spaces, first letter capitalised (spec §3). */
export function componentDisplayName(name: string): string {
  const spaced = name.replace(/_/g, " ");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * How to show one component (spec §4): pending while the overall status is None, verified when its
 * flag is `true`, failed otherwise (a missing flag included).
 */
export function describeComponent(
  name: string,
  flag: boolean | undefined,
  overall: string,
): ComponentView {
  const displayName = componentDisplayName(name);
  if (overall === "None") {
    return {
      name,
      displayName,
      state: "pending",
      icon: "pending",
      textKey: ATTESTATION_TEXT_KEYS.pending,
    };
  }
  if (flag === true) {
    return {
      name,
      displayName,
      state: "verified",
      icon: "verified",
      textKey: ATTESTATION_TEXT_KEYS.verified,
    };
  }
  return {
    name,
    displayName,
    state: "failed",
    icon: "failure",
    textKey: ATTESTATION_TEXT_KEYS.failed,
  };
}

/**
 * Every component of a status, described, in display order: the known components first, in the
 * spec's order, then any other, alphabetically. Only components the status names are listed.
 */
export function describeComponents(status: AttestationStatus): ComponentView[] {
  const known: readonly string[] = KNOWN_ATTESTATION_COMPONENTS;
  const names = Object.keys(status.components);
  const ordered = [
    ...KNOWN_ATTESTATION_COMPONENTS.filter((name) => names.includes(name)),
    ...names.filter((name) => !known.includes(name)).sort(),
  ];
  return ordered.map((name) => describeComponent(name, status.components[name], status.status));
}
