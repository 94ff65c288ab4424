import { z } from "zod";

/**
 * A team's retention policy (issue 32): off by default; otherwise the files of its completed,
 * declined, canceled and expired envelopes are deleted RETENTION_DAYS_MIN..RETENTION_DAYS_MAX days
 * after they ended, by a daily job that records each deletion in the usage log. `documents`
 * deletes the documents only (originals, sealed PDFs, page previews): the proof and the activity
 * chain are kept; `everything` deletes the envelope with all its rows and files. Read and changed
 * by the team's Owners only.
 */

export const RETENTION_DAYS_MIN = 30;
export const RETENTION_DAYS_MAX = 3650;
export const RETENTION_SCOPES = ["documents", "everything"] as const;
export type RetentionScope = (typeof RETENTION_SCOPES)[number];

/** The error reason of a download whose document the team's retention policy deleted. */
export const RETENTION_DELETED_REASON = "deleted_by_retention";

export const retentionPolicySchema = z.object({
  /** Days after an envelope ended; null: the policy is off. */
  days: z
    .number()
    .int()
    .min(RETENTION_DAYS_MIN, { error: "too_small" })
    .max(RETENTION_DAYS_MAX, { error: "too_big" })
    .nullable(),
  scope: z.enum(RETENTION_SCOPES),
});
export type RetentionPolicy = z.infer<typeof retentionPolicySchema>;

// POST /retention/get
export const getRetentionRequestSchema = z.object({});
// POST /retention/save
export const saveRetentionRequestSchema = retentionPolicySchema;
export type SaveRetentionRequest = z.input<typeof saveRetentionRequestSchema>;
export const retentionResponseSchema = z.object({ policy: retentionPolicySchema });
export type RetentionResponse = z.infer<typeof retentionResponseSchema>;
