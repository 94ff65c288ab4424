import {
  checkAttestationRecord,
  parseAttestationResults,
  parseAttestationStatus,
  type AttestationRecord,
  type AttestationResults,
  type AttestationStatus,
} from "./record";

/** The name of the local store that keeps attestation records (spec §3). */
export const ATTESTATION_STORE_NAME = "tunnelAttestation";
/** How many records are kept; older ones are dropped when a new one is saved. */
export const ATTESTATION_HISTORY_LIMIT = 10;

/** The part of the Web Storage API (`localStorage`) the store uses. */
export interface AttestationStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** What the security dialog shows: no data, or the newest valid status with its optional results. */
export type AttestationSnapshot =
  | { state: "no-data" }
  | { state: "ready"; status: AttestationStatus; results: AttestationResults | null; date: string };

function timeOf(record: AttestationRecord): number {
  return Date.parse(record.date);
}

/**
 * Every valid record in the store, oldest first. A store that cannot be read, or that does not hold
 * a list of records, is logged and read as empty; an invalid record is logged and skipped.
 */
export function readAttestationRecords(storage: AttestationStorage): AttestationRecord[] {
  let raw: string | null;
  try {
    raw = storage.getItem(ATTESTATION_STORE_NAME);
  } catch (error) {
    console.error("[attestation] The attestation store cannot be read.", error);
    return [];
  }
  if (raw === null) return [];
  let stored: unknown;
  try {
    stored = JSON.parse(raw) as unknown;
  } catch {
    console.error("[attestation] The attestation store does not hold JSON; ignoring it.");
    return [];
  }
  const candidates: unknown[] = Array.isArray(stored) ? stored : [stored];
  const records: AttestationRecord[] = [];
  for (const candidate of candidates) {
    const result = checkAttestationRecord(candidate);
    if (result.ok) records.push(result.value);
    else console.error(`[attestation] Skipping an invalid attestation record. ${result.issues}`);
  }
  return records.sort((a, b) => timeOf(a) - timeOf(b));
}

/** The newest record by date, or `null` when the store holds none. */
export function readLatestAttestation(storage: AttestationStorage): AttestationRecord | null {
  return readAttestationRecords(storage).at(-1) ?? null;
}

/**
 * Adds a record to the store, keeping the newest {@link ATTESTATION_HISTORY_LIMIT}. Throws a
 * `TypeError` for a record that does not match the record shape (a programming error).
 */
export function saveAttestation(storage: AttestationStorage, record: AttestationRecord): void {
  const result = checkAttestationRecord(record);
  if (!result.ok) throw new TypeError(`Invalid attestation record: ${result.issues}`);
  const records = [...readAttestationRecords(storage), result.value]
    .sort((a, b) => timeOf(a) - timeOf(b))
    .slice(-ATTESTATION_HISTORY_LIMIT);
  storage.setItem(ATTESTATION_STORE_NAME, JSON.stringify(records));
  // Same-tab readers (the security button) hear of it at once; other tabs get a `storage` event.
  const target = globalThis as { dispatchEvent?: (event: Event) => boolean };
  if (typeof target.dispatchEvent === "function") {
    target.dispatchEvent(new Event(ATTESTATION_SAVED_EVENT));
  }
}

/** Dispatched on `globalThis` (the window) each time {@link saveAttestation} stores a record. */
export const ATTESTATION_SAVED_EVENT = "paraphe:attestation-saved";

/** Builds a record from status and results payloads, dated `date`. */
export function createAttestationRecord(
  payload: { status: AttestationStatus; results?: AttestationResults },
  date: Date,
): AttestationRecord {
  const record: AttestationRecord = {
    status: JSON.stringify(payload.status),
    date: date.toISOString(),
  };
  if (payload.results !== undefined) record.results = JSON.stringify(payload.results);
  return record;
}

/**
 * Reads what the security dialog shows: the newest record's status and results. An invalid status
 * is logged (`console.error`) and gives "no data"; invalid results are logged (`console.warn`) and
 * ignored while the status is still shown (spec §5).
 */
export function loadAttestation(storage: AttestationStorage): AttestationSnapshot {
  const record = readLatestAttestation(storage);
  if (!record) return { state: "no-data" };
  const status = parseAttestationStatus(record.status);
  if (!status) return { state: "no-data" };
  return {
    state: "ready",
    status,
    results: parseAttestationResults(record.results),
    date: record.date,
  };
}
