import type { Kysely } from "kysely";
import type { Database, EnvelopeKind, EnvelopeRow } from "../db/database";
import { AppError } from "../errors/app-error";
import {
  envelopeNotFound,
  envelopeSubject,
  templateNotFound,
  templateSubject,
} from "./envelope-access";
import { requirePermission, type Member } from "../membership/members";

/*
 * The one place that loads envelope rows to change them: each loader takes the row lock
 * (SELECT ... FOR UPDATE) inside the caller's transaction, so a check made on the row it answers
 * (its status, the role's conditions) still holds when the transaction writes. Concurrent commands
 * on one envelope queue up on the lock; the later one sees what the earlier one committed.
 *
 * Templates are envelope rows of kind `template`: every loader answers rows of kind `envelope`
 * only (a template's id is an envelope that does not exist), so no envelope command acts on a
 * template by accident. The template commands load theirs with `lockTemplateFor`.
 */

/** The envelope row, locked for the rest of the transaction; undefined when it does not exist. */
export async function lockEnvelopeRow(
  trx: Kysely<Database>,
  envelopeId: string,
  kind: EnvelopeKind = "envelope",
): Promise<EnvelopeRow | undefined> {
  return trx
    .selectFrom("envelope")
    .selectAll()
    .where("id", "=", envelopeId)
    .where("kind", "=", kind)
    .forUpdate()
    .executeTakeFirst();
}

/** The envelope row, locked for the rest of the transaction when `lock`; undefined when none. */
export async function loadEnvelopeRow(
  db: Kysely<Database>,
  envelopeId: string,
  { lock }: { lock: boolean },
): Promise<EnvelopeRow | undefined> {
  return lock
    ? lockEnvelopeRow(db, envelopeId)
    : db
        .selectFrom("envelope")
        .selectAll()
        .where("id", "=", envelopeId)
        .where("kind", "=", "envelope")
        .executeTakeFirst();
}

/**
 * The envelope row, locked for the rest of the transaction, for callers that hold the id of an
 * envelope that exists (a job's payload, a row already read); throws when it does not.
 */
export async function requireEnvelopeRow(
  trx: Kysely<Database>,
  envelopeId: string,
): Promise<EnvelopeRow> {
  return trx
    .selectFrom("envelope")
    .selectAll()
    .where("id", "=", envelopeId)
    .where("kind", "=", "envelope")
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/**
 * The ids of the workspace's envelopes and templates (both belong to a workspace and move with
 * it), every row locked for the rest of the transaction.
 */
export async function lockEnvelopesOfWorkspace(
  trx: Kysely<Database>,
  workspaceId: string,
): Promise<string[]> {
  const rows = await trx
    .selectFrom("envelope")
    .select("id")
    .where("workspaceId", "=", workspaceId)
    .orderBy("id")
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}

/** CONFLICT: the change needs a draft and the envelope was sent meanwhile. */
export const notADraft = (): AppError =>
  new AppError("CONFLICT", {
    message: "Only a draft can be changed this way; this envelope was already sent.",
    suggestion: "Reload the envelope.",
    reason: "not_a_draft",
  });

/**
 * The envelope locked for `member` to `action` it: NOT_FOUND when it went meanwhile, FORBIDDEN
 * when the role's rules (conditions and, with `field`, field rules) do not allow it on this row.
 */
export async function lockEnvelopeFor(
  trx: Kysely<Database>,
  member: Member,
  envelopeId: string,
  action: "update" | "delete",
  field?: string,
): Promise<EnvelopeRow> {
  const envelope = await lockEnvelopeRow(trx, envelopeId);
  if (envelope === undefined) throw envelopeNotFound();
  requirePermission(member, action, envelopeSubject(envelope), field);
  return envelope;
}

/** {@link lockEnvelopeFor}, and CONFLICT unless the envelope is still a draft. */
export async function lockDraftFor(
  trx: Kysely<Database>,
  member: Member,
  envelopeId: string,
  action: "update" | "delete",
  field?: string,
): Promise<EnvelopeRow> {
  const envelope = await lockEnvelopeFor(trx, member, envelopeId, action, field);
  if (envelope.status !== "draft") throw notADraft();
  return envelope;
}

/**
 * The template locked for `member` to `action` it: NOT_FOUND when it went meanwhile (or is an
 * envelope), FORBIDDEN when the role's Template rules (conditions and, with `field`, field rules)
 * do not allow it on this row.
 */
export async function lockTemplateFor(
  trx: Kysely<Database>,
  member: Member,
  templateId: string,
  action: "update" | "delete",
  field?: string,
): Promise<EnvelopeRow> {
  const template = await lockEnvelopeRow(trx, templateId, "template");
  if (template === undefined) throw templateNotFound();
  requirePermission(member, action, templateSubject(template), field);
  return template;
}
