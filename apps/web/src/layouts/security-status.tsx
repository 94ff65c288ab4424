import { SecurityStatusButton } from "@paraphe/attestation/react";
import { attestationSource } from "../lib/attestation-source";

/** The security status button over the newest attestation record the tunnel saved. */
export function SecurityStatus() {
  return <SecurityStatusButton source={attestationSource} />;
}
