import { SecurityStatusButton, localStorageAttestationSource } from "@paraphe/attestation/react";

/** The newest attestation record the tunnel saved (local store tunnelAttestation, spec §3). */
const attestationSource = localStorageAttestationSource();

/** The header's security status button, opening the security dialog (spec §2). */
export function SecurityButton() {
  return <SecurityStatusButton source={attestationSource} />;
}
