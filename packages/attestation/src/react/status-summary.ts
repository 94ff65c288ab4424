import { useTranslation } from "@paraphe/i18n/react";
import { describeAttestation, type AttestationTone } from "../status/describe";
import type { StatusIconName } from "./status-visuals";
import { securityKey } from "./translation-keys";
import type { AttestationState } from "./use-attestation";

export interface StatusSummary {
  icon: StatusIconName;
  tone: AttestationTone | "neutral";
  /** The status in words, translated. */
  text: string;
}

/**
 * The overall status in one icon, one tone and one sentence (spec §4, through the core's
 * `describeOverallStatus`); before the first load, "loading"; without a valid record, "no data".
 */
export function useStatusSummary(attestation: AttestationState): StatusSummary {
  const { t } = useTranslation("security");
  switch (attestation.state) {
    case "loading":
      return { icon: "loading", tone: "neutral", text: t("attestation.loading") };
    case "no-data":
      return { icon: "unknown", tone: "neutral", text: t("attestation.noData") };
    case "ready": {
      const view = describeAttestation(attestation.status);
      return { icon: view.icon, tone: view.tone, text: t(securityKey(view.textKey)) };
    }
  }
}
