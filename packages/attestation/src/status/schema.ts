import { z } from "zod";

/** The overall statuses the spec names (§4); any other string is shown with the default text. */
export type AttestationOverallStatus = "Success" | "GenericFailure" | "None" | "Unknown";

/** The attestation status payload: the JSON kept in a record's `status` (spec §3). */
export interface AttestationStatus {
  status: AttestationOverallStatus | (string & {});
  /** Why the status is what it is, in plain words. */
  reason?: string;
  /** Component name (e.g. `amd_sev_snp`) to whether it was verified. */
  components: Record<string, boolean>;
}

/** One measured component in the results payload: its measured hash or value, and the reference. */
export interface AttestationResultEntry {
  hash?: string;
  value?: string;
  reference?: string;
}

/** The attestation results payload: the JSON kept in a record's optional `results` (spec §3). */
export interface AttestationResults {
  measurements?: Record<string, AttestationResultEntry>;
  components?: Record<string, AttestationResultEntry>;
}

/** One stored attestation record (local store `tunnelAttestation`). */
export interface AttestationRecord {
  /** {@link AttestationStatus} as JSON. */
  status: string;
  /** {@link AttestationResults} as JSON. */
  results?: string;
  /** When the attestation was obtained, ISO 8601. */
  date: string;
}

export const attestationStatusSchema: z.ZodType<AttestationStatus> = z.object({
  status: z.string(),
  reason: z.string().optional(),
  components: z.record(z.string(), z.boolean()),
});

const resultEntrySchema: z.ZodType<AttestationResultEntry> = z.object({
  hash: z.string().optional(),
  value: z.string().optional(),
  reference: z.string().optional(),
});

export const attestationResultsSchema: z.ZodType<AttestationResults> = z.object({
  measurements: z.record(z.string(), resultEntrySchema).optional(),
  components: z.record(z.string(), resultEntrySchema).optional(),
});

export const attestationRecordSchema: z.ZodType<AttestationRecord> = z.object({
  status: z.string(),
  results: z.string().optional(),
  date: z.iso.datetime({ offset: true }),
});

/** A short, payload-free description of what failed validation, for logs. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(root)"}: ${issue.message}`)
    .join("; ");
}

function parseJson(json: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(json) as unknown };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : "not JSON" };
  }
}

/**
 * Parses a status payload. An invalid payload is logged with `console.error` and gives `null`,
 * which callers treat as "no data" (spec §5).
 */
export function parseAttestationStatus(json: string): AttestationStatus | null {
  const parsed = parseJson(json);
  if (!parsed.ok) {
    console.error(
      `[attestation] The attestation status is not JSON; showing no data. ${parsed.message}`,
    );
    return null;
  }
  const result = attestationStatusSchema.safeParse(parsed.value);
  if (!result.success) {
    console.error(
      `[attestation] The attestation status is invalid; showing no data. ${describeIssues(result.error)}`,
    );
    return null;
  }
  return result.data;
}

/**
 * Parses a results payload. An invalid payload is logged with `console.warn` and gives `null`: the
 * results are ignored while the status is still shown (spec §5). A missing payload gives `null`
 * without a log.
 */
export function parseAttestationResults(json: string | undefined): AttestationResults | null {
  if (json === undefined) return null;
  const parsed = parseJson(json);
  if (!parsed.ok) {
    console.warn(
      `[attestation] The attestation results are not JSON; ignoring them. ${parsed.message}`,
    );
    return null;
  }
  const result = attestationResultsSchema.safeParse(parsed.value);
  if (!result.success) {
    console.warn(
      `[attestation] The attestation results are invalid; ignoring them. ${describeIssues(result.error)}`,
    );
    return null;
  }
  return result.data;
}
