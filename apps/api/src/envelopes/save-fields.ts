import { randomUUID } from "node:crypto";
import { fieldConditionProblems, type fieldInputSchema } from "@paraphe/api-sdk/contract";
import type { z } from "zod";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { AppError } from "../errors/app-error";
import type { EnvelopeDeps } from "./envelope-deps";
import { lockDraftFor } from "./envelope-store";
import { type Member } from "../membership/members";
import { loadRecipients } from "./views";

/** A field as the contract's schema parsed it (required and label defaulted). */
type ParsedFieldInput = z.infer<typeof fieldInputSchema>;

/**
 * Replaces the fields of a draft. Each must lie on a page of one of the envelope's documents and
 * belong to one of its signers (an approver has no fields); a field's uuid is kept when given. Checked on the locked draft.
 */
export async function saveFields(
  deps: EnvelopeDeps,
  member: Member,
  envelopeId: string,
  fields: readonly ParsedFieldInput[],
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const envelope = await lockDraftFor(trx, member, envelopeId, "update", "fields");
    await replaceFields(trx, envelope.id, fields, new Date(deps.now()));
  });
}

/**
 * Removes the fields of the kept recipients (an envelope's) or roles (a template's) that the new
 * list makes approvers, copies or viewers: they fill in nothing. Call it, on the locked row, when
 * saving recipients or roles.
 */
export async function removeFieldsOfApprovers(
  trx: Kysely<Database>,
  recipients: readonly {
    uuid?: string | undefined;
    kind: "signer" | "approver" | "cc" | "viewer";
  }[],
): Promise<void> {
  const approvers = recipients.flatMap((recipient) =>
    recipient.kind !== "signer" && recipient.uuid !== undefined ? [recipient.uuid] : [],
  );
  if (approvers.length > 0) {
    await trx.deleteFrom("field").where("recipientId", "in", approvers).execute();
  }
}

/**
 * Replaces the fields of the envelope or template `envelopeId`, locked by the caller: each must lie
 * on a page of one of its documents and belong to one of its recipients (a template's roles); a
 * field's uuid is kept when given. A condition must name another field of the same recipient in
 * the list (by its uuid) that can take the value it asks for, without a cycle
 * (`condition_cycle`). VALIDATION_ERROR lists the fields that are not.
 */
export async function replaceFields(
  trx: Kysely<Database>,
  envelopeId: string,
  fields: readonly ParsedFieldInput[],
  at: Date,
): Promise<void> {
  const documents = await trx
    .selectFrom("envelopeDocument")
    .select(["id", "pageCount"])
    .where("envelopeId", "=", envelopeId)
    .execute();
  const recipients = await loadRecipients(trx, envelopeId);
  const problems: { path: string; code: string; message: string }[] = [];
  const givenIds = fields.flatMap((field) => field.uuid ?? []);
  const foreign =
    givenIds.length === 0
      ? []
      : await trx
          .selectFrom("field")
          .select("id")
          .where("id", "in", givenIds)
          .where("envelopeId", "!=", envelopeId)
          .execute();
  const seen = new Set<string>();
  fields.forEach((field, index) => {
    const document = documents.find((row) => row.id === field.documentUuid);
    if (document === undefined) {
      problems.push({
        path: `fields.${index}.documentUuid`,
        code: "custom",
        message: "not_found",
      });
    } else if (field.page >= document.pageCount) {
      problems.push({ path: `fields.${index}.page`, code: "custom", message: "not_found" });
    }
    const owner = recipients.find((recipient) => recipient.id === field.recipientUuid);
    if (owner === undefined) {
      problems.push({
        path: `fields.${index}.recipientUuid`,
        code: "custom",
        message: "not_found",
      });
    } else if (owner.kind === "approver") {
      // Approvers approve or reject the whole document: they fill in nothing.
      problems.push({
        path: `fields.${index}.recipientUuid`,
        code: "custom",
        message: "approver_has_no_fields",
      });
    } else if (owner.kind === "cc") {
      // A copy only receives the result.
      problems.push({
        path: `fields.${index}.recipientUuid`,
        code: "custom",
        message: "cc_has_no_fields",
      });
    } else if (owner.kind === "viewer") {
      // A viewer reads the document and signs nothing.
      problems.push({
        path: `fields.${index}.recipientUuid`,
        code: "custom",
        message: "viewer_has_no_fields",
      });
    }
    if (field.uuid !== undefined) {
      if (seen.has(field.uuid) || foreign.some((row) => row.id === field.uuid)) {
        problems.push({ path: `fields.${index}.uuid`, code: "custom", message: "duplicate" });
      }
      seen.add(field.uuid);
    }
  });
  for (const [index, message] of fieldConditionProblems(fields)) {
    problems.push({ path: `fields.${index}.settings.condition`, code: "custom", message });
  }
  if (problems.some((problem) => problem.message === "condition_cycle")) {
    throw new AppError("VALIDATION_ERROR", {
      message: "A field's condition cannot depend on itself, directly or through other fields.",
      fields: problems,
    });
  }
  if (problems.length > 0) {
    throw new AppError("VALIDATION_ERROR", {
      message: problems.some((problem) => problem.message === "approver_has_no_fields")
        ? "Fields can only be assigned to signers: an approver approves the document without filling anything in."
        : problems.some((problem) => problem.message === "cc_has_no_fields")
          ? "Fields can only be assigned to signers: a recipient in copy only receives the signed documents and the proof."
          : problems.some((problem) => problem.message === "viewer_has_no_fields")
            ? "Fields can only be assigned to signers: a viewer reads the document and signs nothing."
            : "Some fields are not valid.",
      fields: problems,
    });
  }
  await trx.deleteFrom("field").where("envelopeId", "=", envelopeId).execute();
  if (fields.length > 0) {
    await trx
      .insertInto("field")
      .values(
        fields.map((field) => ({
          id: field.uuid ?? randomUUID(),
          envelopeId: envelopeId,
          documentId: field.documentUuid,
          recipientId: field.recipientUuid,
          page: field.page,
          x: field.x,
          y: field.y,
          width: field.width,
          height: field.height,
          kind: field.kind,
          required: field.required,
          label: field.label,
          settings: JSON.stringify(field.settings),
        })),
      )
      .execute();
  }
  await trx.updateTable("envelope").set({ updatedAt: at }).where("id", "=", envelopeId).execute();
}
