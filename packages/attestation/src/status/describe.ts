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
  statusNoHardware: "security.attestation.status.noHardware",
  loading: "security.attestation.loading",
  noData: "security.attestation.noData",
  noDataDescription: "security.attestation.noDataDescription",
  lastUpdated: "security.attestation.lastUpdated",
  clickToLearnMore: "security.attestation.clickToLearnMore",
  verified: "security.attestation.verified",
  failed: "security.attestation.failed",
  pending: "security.attestation.pending",
  absent: "security.attestation.absent",
} as const;

export type AttestationStatusTextKey =
  | typeof ATTESTATION_TEXT_KEYS.statusSuccess
  | typeof ATTESTATION_TEXT_KEYS.statusFailure
  | typeof ATTESTATION_TEXT_KEYS.statusNone
  | typeof ATTESTATION_TEXT_KEYS.statusUnknown
  | typeof ATTESTATION_TEXT_KEYS.statusDefault
  | typeof ATTESTATION_TEXT_KEYS.statusNoHardware;

export type AttestationComponentTextKey =
  | typeof ATTESTATION_TEXT_KEYS.verified
  | typeof ATTESTATION_TEXT_KEYS.failed
  | typeof ATTESTATION_TEXT_KEYS.pending
  | typeof ATTESTATION_TEXT_KEYS.absent;

/**
 * How the overall status reads: drives colours. `noHardware`: the server says, truthfully, that it
 * runs without a trusted execution environment and its software matched: not a failed check.
 */
export type AttestationTone =
  "verified" | "failure" | "pending" | "unknown" | "default" | "noHardware";
/** Which status icon to draw; a UI maps these to its icon set. */
export type AttestationIcon = "verified" | "failure" | "pending" | "unknown" | "noHardware";

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

/**
 * Components measured by the hardware (the processor's isolation and the launch firmware): on a
 * server without hardware isolation they are absent, not failed.
 */
const HARDWARE_MEASURED: readonly string[] = ["amd_sev_snp", "stage0"];

/** How a server without hardware isolation words its status's reason. */
export const NO_HARDWARE_ISOLATION_PREFIX = "no hardware isolation";

/**
 * Whether a status says that the server runs without hardware isolation and nothing else is wrong:
 * every component the hardware does not measure was verified. Then the status is honest and
 * neutral ("this server has no hardware-isolated environment"), not a failed verification.
 */
export function isWithoutHardwareIsolation(status: AttestationStatus): boolean {
  if (status.status !== "GenericFailure") return false;
  if (!status.reason?.startsWith(NO_HARDWARE_ISOLATION_PREFIX)) return false;
  return Object.entries(status.components).every(
    ([name, flag]) => HARDWARE_MEASURED.includes(name) || flag === true,
  );
}

/**
 * The overall view of a whole status: as `describeOverallStatus`, except that a server without
 * hardware isolation whose software checked out reads as such (neutral), not as a failure.
 */
export function describeAttestation(status: AttestationStatus): OverallStatusView {
  if (isWithoutHardwareIsolation(status)) {
    return {
      tone: "noHardware",
      icon: "noHardware",
      textKey: ATTESTATION_TEXT_KEYS.statusNoHardware,
    };
  }
  return describeOverallStatus(status.status);
}

export type ComponentState = "pending" | "verified" | "failed" | "absent";

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
  const noHardware = isWithoutHardwareIsolation(status);
  return ordered.map((name) =>
    noHardware && HARDWARE_MEASURED.includes(name)
      ? {
          name,
          displayName: componentDisplayName(name),
          state: "absent",
          icon: "noHardware",
          textKey: ATTESTATION_TEXT_KEYS.absent,
        }
      : describeComponent(name, status.components[name], status.status),
  );
}
