import { describe, expect, it } from "vitest";
import {
  checkAttestationRecord,
  checkAttestationResults,
  checkAttestationStatus,
  type Checked,
} from "./record";
import {
  attestationRecordSchema,
  attestationResultsSchema,
  attestationStatusSchema,
} from "./schema";

/** The zod schema's answer in the checker's terms, to compare both. */
function zodAnswer(result: { success: boolean; data?: unknown }): unknown {
  return result.success ? { ok: true, value: result.data } : { ok: false };
}
function checkerAnswer(result: Checked<unknown>): unknown {
  return result.ok ? result : { ok: false };
}

const statuses: unknown[] = [
  { status: "Success", components: { amd_sev_snp: true } },
  { status: "GenericFailure", reason: "no hardware", components: {}, extra: "dropped" },
  { status: "Success", components: { amd_sev_snp: "yes" } },
  { status: 1, components: {} },
  { status: "Success" },
  { status: "Success", reason: 2, components: {} },
  [],
  null,
  "Success",
];
const results: unknown[] = [
  {},
  { measurements: { container_bundle: { hash: "a", reference: "b", other: 1 } } },
  { components: { amd_sev_snp: { value: "1" } } },
  { measurements: { container_bundle: { hash: 1 } } },
  { measurements: [] },
  { components: { amd_sev_snp: "x" } },
  [],
];
const records: unknown[] = [
  { status: "{}", date: "2026-03-01T10:00:00.000Z" },
  { status: "{}", results: "{}", date: "2026-03-01T10:00:00+01:00" },
  { status: "{}", date: "2024-02-29T23:59:59Z" },
  { status: "{}", date: "2023-02-29T23:59:59Z" },
  { status: "{}", date: "2026-03-01T10:00Z" },
  { status: "{}", date: "2026-03-01T10:00:00" },
  { status: "{}", date: "2026-03-01" },
  { status: "{}", date: "2026-13-01T10:00:00Z" },
  { status: "{}", date: "2026-03-01T24:00:00Z" },
  { status: "{}", date: "2026-03-01T10:00:00+24:00" },
  { status: "{}", results: 1, date: "2026-03-01T10:00:00Z" },
  { date: "2026-03-01T10:00:00Z" },
  { status: "{}", date: "yesterday", extra: true },
];

describe("the attestation record read without zod", () => {
  it.each(statuses)("takes and refuses status %j as the zod schema does", (value) => {
    expect(checkerAnswer(checkAttestationStatus(value))).toEqual(
      zodAnswer(attestationStatusSchema.safeParse(value)),
    );
  });
  it.each(results)("takes and refuses results %j as the zod schema does", (value) => {
    expect(checkerAnswer(checkAttestationResults(value))).toEqual(
      zodAnswer(attestationResultsSchema.safeParse(value)),
    );
  });
  it.each(records)("takes and refuses record %j as the zod schema does", (value) => {
    expect(checkerAnswer(checkAttestationRecord(value))).toEqual(
      zodAnswer(attestationRecordSchema.safeParse(value)),
    );
  });
  it("names what is wrong, never the values", () => {
    const checked = checkAttestationRecord({ status: "secret", date: "not a date" });
    expect(checked).toEqual({ ok: false, issues: "date: invalid ISO 8601 date and time" });
  });
});
