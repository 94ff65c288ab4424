import { z } from "zod";
import type {
  AttestationRecord,
  AttestationResultEntry,
  AttestationResults,
  AttestationStatus,
} from "./record";

export {
  parseAttestationResults,
  parseAttestationStatus,
  type AttestationOverallStatus,
  type AttestationRecord,
  type AttestationResultEntry,
  type AttestationResults,
  type AttestationStatus,
} from "./record";

// The record and its payloads as zod schemas (the same shapes `record.ts` checks without zod).

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
