import type { RetentionPolicy } from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";

/*
 * When a team's retention policy deletes an ended envelope's files (issue 32), as the envelope
 * view shows it and the retention pass (`retention/`) applies it.
 */

const DAY_MS = 24 * 60 * 60_000;

/** The statuses an envelope ends in (an expired envelope is canceled with the reason `expired`). */
export const ENDED_STATUSES = ["complete", "declined", "canceled"] as const;

/**
 * When the team's policy deletes an ended envelope's documents (or all of it); null when the
 * policy is off, the envelope has not ended or its documents are already deleted (and the policy
 * does not delete the rest).
 */
export function retentionDeleteAt(
  policy: RetentionPolicy,
  envelope: {
    status: string;
    kind: string;
    completedAt: Date | null;
    canceledAt: Date | null;
    updatedAt: Date;
    documentsDeletedAt: Date | null;
  },
  declinedAt: readonly (Date | null)[],
): Date | null {
  if (policy.days === null || envelope.kind !== "envelope") return null;
  if (!(ENDED_STATUSES as readonly string[]).includes(envelope.status)) return null;
  if (envelope.documentsDeletedAt !== null && policy.scope === "documents") return null;
  const declined = declinedAt.reduce<number | null>(
    (last, at) => (at === null ? last : Math.max(last ?? 0, at.getTime())),
    null,
  );
  const ended =
    envelope.completedAt?.getTime() ??
    envelope.canceledAt?.getTime() ??
    declined ??
    envelope.updatedAt.getTime();
  return new Date(ended + policy.days * DAY_MS);
}

/** The policy of a team without one: off. */
export const RETENTION_OFF: RetentionPolicy = { days: null, scope: "documents" };

/** The team's retention policy (off when it has none). */
export async function loadRetentionPolicy(
  db: Kysely<Database>,
  teamId: string,
): Promise<RetentionPolicy> {
  const row = await db
    .selectFrom("teamRetention")
    .select(["days", "scope"])
    .where("teamId", "=", teamId)
    .executeTakeFirst();
  return row ?? RETENTION_OFF;
}
