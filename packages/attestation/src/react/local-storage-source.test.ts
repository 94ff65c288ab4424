// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ATTESTATION_STORE_NAME } from "../status/store";
import { MemoryStorage } from "../test/memory-storage";
import { localStorageAttestationSource } from "./local-storage-source";
import { NO_TEE_STATUS, recordOf } from "./test/helpers";

const OLDER = recordOf({ status: "None", components: {} }, { date: "2026-11-21T08:00:00.000Z" });
const NEWER = recordOf(NO_TEE_STATUS, { date: "2026-11-22T08:00:00.000Z" });

beforeEach(() => {
  localStorage.clear();
});

describe("localStorageAttestationSource", () => {
  it("reads the newest record from the tunnelAttestation store of window.localStorage", () => {
    localStorage.setItem(ATTESTATION_STORE_NAME, JSON.stringify([NEWER, OLDER]));
    expect(localStorageAttestationSource().load()).toEqual(NEWER);
  });

  it("reads what is stored at each load, not what was there when it was created", () => {
    const source = localStorageAttestationSource();
    expect(source.load()).toBeNull();
    localStorage.setItem(ATTESTATION_STORE_NAME, JSON.stringify([OLDER]));
    expect(source.load()).toEqual(OLDER);
  });

  it("reads another storage when given one", () => {
    const storage = new MemoryStorage();
    storage.setItem(ATTESTATION_STORE_NAME, JSON.stringify([OLDER, NEWER]));
    localStorage.setItem(ATTESTATION_STORE_NAME, JSON.stringify([OLDER]));
    expect(localStorageAttestationSource(storage).load()).toEqual(NEWER);
  });

  it("gives no record, and logs why, when the browser refuses access to local storage", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const refused = vi.spyOn(window, "localStorage", "get").mockImplementation(() => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    });
    try {
      expect(localStorageAttestationSource().load()).toBeNull();
    } finally {
      // Restored here: the shared set-up clears local storage after each test.
      refused.mockRestore();
    }
    expect(error).toHaveBeenCalledWith(
      "[attestation] Local storage is not available.",
      expect.any(DOMException),
    );
  });
});

describe("localStorageAttestationSource: freshness", () => {
  it("tells its readers at once when a record is saved in this tab", async () => {
    const { saveAttestation, createAttestationRecord } = await import("../status/store");
    const source = localStorageAttestationSource();
    const heard: number[] = [];
    const stop = source.subscribe?.(() => heard.push(1));
    saveAttestation(
      window.localStorage,
      createAttestationRecord({ status: { status: "None", components: {} } }, new Date()),
    );
    expect(heard).toHaveLength(1);
    stop?.();
    saveAttestation(
      window.localStorage,
      createAttestationRecord({ status: { status: "None", components: {} } }, new Date()),
    );
    expect(heard).toHaveLength(1);
  });
});
