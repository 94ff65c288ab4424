import { SecurityStatusButton } from "@paraphe/attestation/react";
import { attestationSource } from "../lib/attestation-source";

/** The header's security status button, opening the security dialog (spec §2). */
export function SecurityButton() {
  return <SecurityStatusButton source={attestationSource} />;
}
