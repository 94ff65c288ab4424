import { describe, expect, it, vi } from "vitest";

import { MemoryStorage } from "../test/memory-storage";
import type { AttestationRecord } from "./schema";
import {
  ATTESTATION_HISTORY_LIMIT,
  ATTESTATION_STORE_NAME,
  createAttestationRecord,
  loadAttestation,
  readAttestationRecords,
  readLatestAttestation,
  saveAttestation,
} from "./store";

const SUCCESS = JSON.stringify({
  status: "Success",
  components: { amd_sev_snp: true, stage0: true },
});
const FAILURE = JSON.stringify({
  status: "GenericFailure",
  reason: "no hardware isolation",
  components: {},
});

function record(date: string, status = SUCCESS, results?: string): AttestationRecord {
  return results === undefined ? { status, date } : { status, results, date };
}

function storageWith(value: unknown): MemoryStorage {
  const storage = new MemoryStorage();
  storage.setItem(
    ATTESTATION_STORE_NAME,
    typeof value === "string" ? value : JSON.stringify(value),
  );
  return storage;
}

describe("the attestation store", () => {
  it("is named tunnelAttestation", () => {
    expect(ATTESTATION_STORE_NAME).toBe("tunnelAttestation");
  });

  it("returns the newest record by date, whatever the order in which they are stored", () => {
    const storage = storageWith([
      record("2025-01-02T10:00:00.000Z", FAILURE),
      record("2025-01-03T09:00:00.000Z", SUCCESS),
      record("2025-01-01T12:00:00.000Z", FAILURE),
    ]);

    expect(readLatestAttestation(storage)).toEqual(record("2025-01-03T09:00:00.000Z", SUCCESS));
  });

  it("compares dates as instants, not as text, when offsets differ", () => {
    const storage = storageWith([
      record("2025-01-01T10:00:00+02:00", FAILURE),
      record("2025-01-01T09:30:00Z", SUCCESS),
    ]);

    expect(readLatestAttestation(storage)?.status).toBe(SUCCESS);
  });

  it("returns null when nothing is stored", () => {
    expect(readLatestAttestation(new MemoryStorage())).toBeNull();
  });

  it("saves records so that the newest one is read back", () => {
    const storage = new MemoryStorage();
    saveAttestation(storage, record("2025-01-01T00:00:00.000Z", FAILURE));
    saveAttestation(storage, record("2025-01-02T00:00:00.000Z", SUCCESS));

    expect(readLatestAttestation(storage)?.status).toBe(SUCCESS);
    expect(readAttestationRecords(storage)).toHaveLength(2);
  });

  it(`keeps only the newest ${ATTESTATION_HISTORY_LIMIT} records`, () => {
    const storage = new MemoryStorage();
    for (let day = 1; day <= ATTESTATION_HISTORY_LIMIT + 3; day++) {
      saveAttestation(storage, record(`2025-01-${String(day).padStart(2, "0")}T00:00:00.000Z`));
    }
    const records = readAttestationRecords(storage);

    expect(records).toHaveLength(ATTESTATION_HISTORY_LIMIT);
    expect(records[0]?.date).toBe("2025-01-04T00:00:00.000Z");
    expect(records.at(-1)?.date).toBe("2025-01-13T00:00:00.000Z");
  });

  it("refuses to save a record whose date is not ISO 8601", () => {
    expect(() => saveAttestation(new MemoryStorage(), record("yesterday"))).toThrow(TypeError);
  });

  it("logs and skips an invalid stored record, and still reads the valid ones", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const storage = storageWith([
      { status: 42, date: "2025-01-05T00:00:00.000Z" },
      record("2025-01-01T00:00:00.000Z"),
    ]);

    expect(readLatestAttestation(storage)?.date).toBe("2025-01-01T00:00:00.000Z");
    expect(error).toHaveBeenCalledOnce();
  });

  it("logs and reads as empty a store that does not hold JSON", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);

    expect(readLatestAttestation(storageWith("{not json"))).toBeNull();
    expect(error).toHaveBeenCalledOnce();
  });

  it("logs and reads as empty a store that cannot be read", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const storage = {
      getItem(): string | null {
        throw new Error("SecurityError");
      },
      setItem(): void {},
    };

    expect(readLatestAttestation(storage)).toBeNull();
    expect(error).toHaveBeenCalledOnce();
  });

  it("builds a record from payloads, with the date in ISO 8601", () => {
    const built = createAttestationRecord(
      { status: { status: "None", components: {} }, results: { measurements: {} } },
      new Date("2025-01-01T00:00:00Z"),
    );

    expect(built).toEqual({
      status: '{"status":"None","components":{}}',
      results: '{"measurements":{}}',
      date: "2025-01-01T00:00:00.000Z",
    });
  });
});

describe("loadAttestation", () => {
  it("gives the newest status and its results", () => {
    const results = JSON.stringify({ measurements: { stage0: { hash: "ab", reference: "ab" } } });
    const snapshot = loadAttestation(
      storageWith([record("2025-01-01T00:00:00.000Z", SUCCESS, results)]),
    );

    expect(snapshot).toEqual({
      state: "ready",
      status: { status: "Success", components: { amd_sev_snp: true, stage0: true } },
      results: { measurements: { stage0: { hash: "ab", reference: "ab" } } },
      date: "2025-01-01T00:00:00.000Z",
    });
  });

  it("accepts results keyed by components, with values instead of hashes", () => {
    const results = JSON.stringify({
      components: { container_config: { value: "v1", reference: "v1" } },
    });
    const snapshot = loadAttestation(
      storageWith([record("2025-01-01T00:00:00.000Z", SUCCESS, results)]),
    );

    expect(snapshot.state === "ready" && snapshot.results).toEqual({
      components: { container_config: { value: "v1", reference: "v1" } },
    });
  });

  it("gives no data when nothing is stored", () => {
    expect(loadAttestation(new MemoryStorage())).toEqual({ state: "no-data" });
  });

  it.each([
    ["not JSON", "{status"],
    ["without components", JSON.stringify({ status: "Success" })],
    [
      "with a non-boolean component",
      JSON.stringify({ status: "Success", components: { stage0: "yes" } }),
    ],
    ["with a non-string status", JSON.stringify({ status: 1, components: {} })],
  ])("logs an error and gives no data for a status %s", (_label, status) => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);

    expect(loadAttestation(storageWith([record("2025-01-01T00:00:00.000Z", status)]))).toEqual({
      state: "no-data",
    });
    expect(error).toHaveBeenCalledOnce();
    expect(warn).not.toHaveBeenCalled();
  });

  it("uses the newest record even when an older one is valid: an invalid newest status is no data", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const storage = storageWith([
      record("2025-01-01T00:00:00.000Z", SUCCESS),
      record("2025-01-02T00:00:00.000Z", "[]"),
    ]);

    expect(loadAttestation(storage)).toEqual({ state: "no-data" });
  });

  it.each([
    ["not JSON", "{measurements"],
    ["with a numeric hash", JSON.stringify({ measurements: { stage0: { hash: 12 } } })],
    ["that is a list", JSON.stringify([])],
  ])("logs a warning and ignores results %s, still showing the status", (_label, results) => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const snapshot = loadAttestation(
      storageWith([record("2025-01-01T00:00:00.000Z", FAILURE, results)]),
    );

    expect(snapshot).toEqual({
      state: "ready",
      status: { status: "GenericFailure", reason: "no hardware isolation", components: {} },
      results: null,
      date: "2025-01-01T00:00:00.000Z",
    });
    expect(warn).toHaveBeenCalledOnce();
    expect(error).not.toHaveBeenCalled();
  });

  it("does not warn when a record has no results", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const snapshot = loadAttestation(storageWith([record("2025-01-01T00:00:00.000Z")]));

    expect(snapshot.state === "ready" && snapshot.results).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });
});
