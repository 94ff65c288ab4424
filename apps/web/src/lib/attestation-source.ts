import { localStorageAttestationSource } from "@paraphe/attestation/react";

/** The newest attestation record the tunnel saved (local store tunnelAttestation, spec §3). */
export const attestationSource = localStorageAttestationSource();
