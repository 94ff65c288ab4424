import { readLatestAttestation, type AttestationStorage } from "../status/store";
import type { AttestationSource } from "./use-attestation";

/**
 * The attestation source of the browser apps: the newest record by date in the local store
 * `tunnelAttestation` (spec §3), where the tunnel client saves each attestation it receives.
 * `storage` defaults to `window.localStorage`, looked up at each load: a browser that refuses
 * access to it (a privacy setting) gets "no data", logged, rather than an exception.
 */
export function localStorageAttestationSource(storage?: AttestationStorage): AttestationSource {
  return {
    load() {
      let target: AttestationStorage;
      try {
        target = storage ?? window.localStorage;
      } catch (error) {
        console.error("[attestation] Local storage is not available.", error);
        return null;
      }
      return readLatestAttestation(target);
    },
  };
}
