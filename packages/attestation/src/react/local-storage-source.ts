import {
  ATTESTATION_SAVED_EVENT,
  ATTESTATION_STORE_NAME,
  readLatestAttestation,
  type AttestationStorage,
} from "../status/store";
import type { AttestationSource } from "./use-attestation";

/**
 * The attestation source of the browser apps: the newest record by date in the local store
 * `tunnelAttestation` (spec §3), where the tunnel client saves each attestation it receives.
 * `storage` defaults to `window.localStorage`, looked up at each load: a browser that refuses
 * access to it (a privacy setting) gets "no data", logged, rather than an exception. It tells its
 * readers at once when a record is saved, in this tab or another.
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
    subscribe(listener) {
      if (typeof window === "undefined") return () => undefined;
      const onStorage = (event: StorageEvent) => {
        if (event.key === ATTESTATION_STORE_NAME || event.key === null) listener();
      };
      window.addEventListener(ATTESTATION_SAVED_EVENT, listener);
      window.addEventListener("storage", onStorage);
      return () => {
        window.removeEventListener(ATTESTATION_SAVED_EVENT, listener);
        window.removeEventListener("storage", onStorage);
      };
    },
  };
}
