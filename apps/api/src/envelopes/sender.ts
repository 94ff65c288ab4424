import { randomUUID } from "node:crypto";
import type {
  CancelEnvelopeRequest,
  EnvelopeOptions,
  FieldInput,
  RecipientInput,
} from "@paraphe/api-sdk/contract";
import { asSubject } from "@paraphe/permissions";
import { sql, type Kysely } from "kysely";
import type { Database, EnvelopeRow } from "../db/database";
import { isDocumentError } from "../documents/document-error";
import { type PdfInspection } from "../documents/inspect";
import type { PagePreview } from "../documents/previews";
import { renderPagePreviews } from "../documents/worker-pool";
import { inspectPdfOffThread } from "../documents/worker-pool";
import { AppError } from "../errors/app-error";
import { enqueueMail } from "../mail/outbox";
import { appendEvent } from "./activity";
import { currentLinkToken, newRecipientLink, signingLinkUrl } from "./access-links";
import type { EnvelopeDeps } from "./envelope-deps";
import { mailLanguages } from "./languages";
import { canceledMail, invitationMail } from "./mails";
import { lockDraftFor, lockEnvelopeFor } from "./envelope-store";
import {
  contactSubject,
  envelopeSubject,
  findWorkspaceForMember,
  requirePermission,
  type Member,
} from "./members";
import { loadRecipients, personOf, senderOf } from "./views";

/** Where the platform records who did something from where. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

const conflict = (message: string, suggestion?: string): AppError =>
  new AppError("CONFLICT", { message, ...(suggestion === undefined ? {} : { suggestion }) });

const fieldError = (path: string, message: string): AppError =>
  new AppError("VALIDATION_ERROR", {
    message: "Some fields are not valid.",
    fields: [{ path, code: "custom", message }],
  });

/** Blob keys of an envelope's files. */
export const blobKeys = {
  original: (envelopeId: string, documentId: string) =>
    `envelopes/${envelopeId}/documents/${documentId}/original.pdf`,
  preview: (envelopeId: string, documentId: string, page: number, contentType: string) =>
    `envelopes/${envelopeId}/documents/${documentId}/previews/${page}.${contentType === "image/webp" ? "webp" : "png"}`,
  sealed: (envelopeId: string, documentId: string) =>
    `envelopes/${envelopeId}/documents/${documentId}/sealed.pdf`,
  signature: (envelopeId: string, recipientId: string) =>
    `envelopes/${envelopeId}/recipients/${recipientId}/signature.png`,
  initials: (envelopeId: string, recipientId: string) =>
    `envelopes/${envelopeId}/recipients/${recipientId}/initials.png`,
  proof: (envelopeId: string) => `envelopes/${envelopeId}/proof.pdf`,
};

function defaultTitle(filename: string): string {
  const title = filename.replace(/\.pdf$/i, "").trim();
  return (title === "" ? filename : title).slice(0, 255);
}

/**
 * Creates a draft from uploaded PDFs: each is inspected with the configured limits (a refused file
 * answers VALIDATION_ERROR on `files.<i>` with the document error's code, and nothing is stored),
 * its pages rendered once in the document worker, and the original and previews stored encrypted.
 */
export async function uploadEnvelope(
  deps: EnvelopeDeps,
  member: Member,
  input: {
    workspaceUuid?: string | undefined;
    files: { filename: string; data: string }[];
    title?: string | undefined;
  },
  origin: RequestOrigin,
): Promise<string> {
  requirePermission(member, "create", "Envelope");
  const workspace = await findWorkspaceForMember(deps.db, member, input.workspaceUuid);
  // Conditions of the role apply to the envelope about to exist (`{ "workspaceId": ... }`).
  requirePermission(
    member,
    "create",
    asSubject("Envelope", {
      teamId: member.teamId,
      workspaceId: workspace.id,
      ownerId: member.userId,
    }),
  );

  const files: { filename: string; bytes: Uint8Array; inspection: PdfInspection }[] = [];
  const problems: { path: string; code: string; message: string }[] = [];
  for (const [index, file] of input.files.entries()) {
    const bytes = new Uint8Array(Buffer.from(file.data, "base64"));
    try {
      const inspection = await inspectPdfOffThread(bytes, {
        maxBytes: deps.config.maxUploadBytes,
        maxPages: deps.config.maxUploadPages,
      });
      files.push({ filename: file.filename, bytes, inspection });
    } catch (error) {
      if (!isDocumentError(error)) throw error;
      problems.push({ path: `files.${index}`, code: "custom", message: error.code });
    }
  }
  if (problems.length > 0) {
    throw new AppError("VALIDATION_ERROR", {
      message: "Some files cannot be used.",
      suggestion:
        "Upload PDF files that are complete, not password-protected and within the limits.",
      fields: problems,
    });
  }

  const previews: PagePreview[][] = [];
  for (const [index, file] of files.entries()) {
    try {
      previews.push(await renderPagePreviews(file.bytes));
    } catch (error) {
      if (!isDocumentError(error)) throw error;
      throw fieldError(`files.${index}`, error.code);
    }
  }

  const envelopeId = randomUUID();
  const documents = files.map((file) => ({ ...file, id: randomUUID() }));
  const stored: string[] = [];
  try {
    for (const [index, document] of documents.entries()) {
      const key = blobKeys.original(envelopeId, document.id);
      await deps.blobStore.put(key, document.bytes, { contentType: "application/pdf" });
      stored.push(key);
      for (const preview of previews[index] ?? []) {
        const previewKey = blobKeys.preview(
          envelopeId,
          document.id,
          preview.page,
          preview.contentType,
        );
        await deps.blobStore.put(previewKey, preview.data, { contentType: preview.contentType });
        stored.push(previewKey);
      }
    }
    const at = new Date(deps.now());
    const title = input.title ?? defaultTitle(documents[0]?.filename ?? "Document");
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("envelope")
        .values({
          id: envelopeId,
          teamId: member.teamId,
          workspaceId: workspace.id,
          ownerUserId: member.userId,
          title,
          createdAt: at,
          updatedAt: at,
        })
        .execute();
      for (const [index, document] of documents.entries()) {
        await trx
          .insertInto("envelopeDocument")
          .values({
            id: document.id,
            envelopeId,
            position: index,
            filename: document.filename,
            pageCount: document.inspection.pageCount,
            pages: JSON.stringify(document.inspection.pages),
            sha256: document.inspection.sha256,
            blobKey: blobKeys.original(envelopeId, document.id),
          })
          .execute();
        const rows = (previews[index] ?? []).map((preview) => ({
          documentId: document.id,
          page: preview.page,
          blobKey: blobKeys.preview(envelopeId, document.id, preview.page, preview.contentType),
          contentType: preview.contentType,
          width: preview.width,
          height: preview.height,
        }));
        if (rows.length > 0) await trx.insertInto("documentPreview").values(rows).execute();
      }
      await appendEvent(trx, deps.activityKey, envelopeId, {
        type: "envelopeCreated",
        at: at.toISOString(),
        actor: { name: member.name, email: member.email },
        ip: origin.ip,
        userAgent: origin.userAgent,
        data: { title },
      });
    });
  } catch (error) {
    await Promise.allSettled(stored.map((key) => deps.blobStore.delete(key)));
    throw error;
  }
  return envelopeId;
}

/**
 * The title (any status but canceled or declined ones too) and, for drafts, the options. The
 * status and the role's rules (fields `title` and `options`) are checked on the locked row.
 */
export async function updateEnvelope(
  deps: EnvelopeDeps,
  member: Member,
  envelopeId: string,
  input: { title?: string | undefined; options?: Partial<EnvelopeOptions> | undefined },
): Promise<void> {
  const options = input.options ?? {};
  const changesOptions = Object.values(options).some((value) => value !== undefined);
  if (options.expiresAt !== undefined && options.expiresAt !== null) {
    if (new Date(options.expiresAt).getTime() <= deps.now()) {
      throw fieldError("options.expiresAt", "in_past");
    }
  }
  await deps.db.transaction().execute(async (trx) => {
    const envelope = changesOptions
      ? await lockDraftFor(trx, member, envelopeId, "update", "options")
      : await lockEnvelopeFor(trx, member, envelopeId, "update");
    if (input.title !== undefined) {
      requirePermission(member, "update", envelopeSubject(envelope), "title");
    }
    await trx
      .updateTable("envelope")
      .set({
        ...(input.title === undefined ? {} : { title: input.title }),
        ...(options.signatureLevel === undefined ? {} : { signatureLevel: options.signatureLevel }),
        ...(options.senderName === undefined ? {} : { senderName: options.senderName }),
        ...(options.message === undefined ? {} : { message: options.message }),
        ...(options.initialsOnAllPages === undefined
          ? {}
          : { initialsOnAllPages: options.initialsOnAllPages }),
        ...(options.expiresAt === undefined
          ? {}
          : { expiresAt: options.expiresAt === null ? null : new Date(options.expiresAt) }),
        ...(options.reminderDays === undefined ? {} : { reminderDays: options.reminderDays }),
        ...(options.signingOrder === undefined ? {} : { signingOrder: options.signingOrder }),
        updatedAt: new Date(deps.now()),
      })
      .where("id", "=", envelope.id)
      .execute();
  });
}

type ParsedRecipientInput = Omit<RecipientInput, "phone" | "saveToContacts"> & {
  phone: string | null;
  saveToContacts: boolean;
};

/**
 * Replaces the recipients of a draft, in signing order. A recipient given with its uuid is kept
 * (its fields stay assigned); recipients left out are removed with their fields. Recipients marked
 * `saveToContacts` are upserted into the envelope's workspace contacts, which needs the role to
 * allow creating (new email) or updating (known email) that contact. Checked on the locked draft.
 */
export async function saveRecipients(
  deps: EnvelopeDeps,
  member: Member,
  envelopeId: string,
  recipients: readonly ParsedRecipientInput[],
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const envelope = await lockDraftFor(trx, member, envelopeId, "update", "recipients");
    await requireContactWrites(trx, member, envelope, recipients);
    const existing = await loadRecipients(trx, envelope.id);
    const existingIds = new Set(existing.map((recipient) => recipient.id));
    recipients.forEach((recipient, index) => {
      if (recipient.uuid !== undefined && !existingIds.has(recipient.uuid)) {
        throw fieldError(`recipients.${index}.uuid`, "not_found");
      }
    });
    const kept = new Set(recipients.flatMap((recipient) => recipient.uuid ?? []));
    const removed = existing.filter((recipient) => !kept.has(recipient.id)).map((r) => r.id);
    if (removed.length > 0) await trx.deleteFrom("recipient").where("id", "in", removed).execute();
    // Positions and emails are unique: park the kept ones out of the way first.
    await trx
      .updateTable("recipient")
      .set({ position: sql<number>`-position`, email: sql<string>`'moving:' || id` })
      .where("envelopeId", "=", envelope.id)
      .execute();
    for (const [index, recipient] of recipients.entries()) {
      const values = {
        email: recipient.email,
        firstname: recipient.firstname,
        lastname: recipient.lastname,
        phone: recipient.phone,
        position: index + 1,
      };
      if (recipient.uuid !== undefined) {
        await trx.updateTable("recipient").set(values).where("id", "=", recipient.uuid).execute();
      } else {
        await trx
          .insertInto("recipient")
          .values({ ...values, ...newRecipientLink(deps.linkKey), envelopeId: envelope.id })
          .execute();
      }
      if (recipient.saveToContacts) {
        await trx
          .insertInto("contact")
          .values({
            workspaceId: envelope.workspaceId,
            email: recipient.email,
            firstname: recipient.firstname,
            lastname: recipient.lastname,
            phone: recipient.phone,
          })
          .onConflict((oc) =>
            oc.columns(["workspaceId", "email"]).doUpdateSet({
              firstname: recipient.firstname,
              lastname: recipient.lastname,
              phone: recipient.phone,
              updatedAt: new Date(deps.now()),
            }),
          )
          .execute();
      }
    }
    await trx
      .updateTable("envelope")
      .set({ updatedAt: new Date(deps.now()) })
      .where("id", "=", envelope.id)
      .execute();
  });
}

/** FORBIDDEN unless the role may create or update each contact that `saveToContacts` writes. */
async function requireContactWrites(
  trx: Kysely<Database>,
  member: Member,
  envelope: EnvelopeRow,
  recipients: readonly ParsedRecipientInput[],
): Promise<void> {
  const emails = recipients.filter((r) => r.saveToContacts).map((r) => r.email);
  if (emails.length === 0) return;
  const known = await trx
    .selectFrom("contact")
    .select("email")
    .where("workspaceId", "=", envelope.workspaceId)
    .where("email", "in", emails)
    .execute();
  const knownEmails = new Set(known.map((row) => row.email));
  for (const email of emails) {
    requirePermission(
      member,
      knownEmails.has(email) ? "update" : "create",
      contactSubject({ workspaceId: envelope.workspaceId, email }),
    );
  }
}

type ParsedFieldInput = FieldInput & { required: boolean; label: string | null };

/**
 * Replaces the fields of a draft. Each must lie on a page of one of the envelope's documents and
 * belong to one of its recipients; a field's uuid is kept when given. Checked on the locked draft.
 */
export async function saveFields(
  deps: EnvelopeDeps,
  member: Member,
  envelopeId: string,
  fields: readonly ParsedFieldInput[],
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const envelope = await lockDraftFor(trx, member, envelopeId, "update", "fields");
    const documents = await trx
      .selectFrom("envelopeDocument")
      .select(["id", "pageCount"])
      .where("envelopeId", "=", envelope.id)
      .execute();
    const recipients = await loadRecipients(trx, envelope.id);
    const problems: { path: string; code: string; message: string }[] = [];
    const givenIds = fields.flatMap((field) => field.uuid ?? []);
    const foreign =
      givenIds.length === 0
        ? []
        : await trx
            .selectFrom("field")
            .select("id")
            .where("id", "in", givenIds)
            .where("envelopeId", "!=", envelope.id)
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
      if (!recipients.some((recipient) => recipient.id === field.recipientUuid)) {
        problems.push({
          path: `fields.${index}.recipientUuid`,
          code: "custom",
          message: "not_found",
        });
      }
      if (field.uuid !== undefined) {
        if (seen.has(field.uuid) || foreign.some((row) => row.id === field.uuid)) {
          problems.push({ path: `fields.${index}.uuid`, code: "custom", message: "duplicate" });
        }
        seen.add(field.uuid);
      }
    });
    if (problems.length > 0) {
      throw new AppError("VALIDATION_ERROR", {
        message: "Some fields are not valid.",
        fields: problems,
      });
    }
    await trx.deleteFrom("field").where("envelopeId", "=", envelope.id).execute();
    if (fields.length > 0) {
      await trx
        .insertInto("field")
        .values(
          fields.map((field) => ({
            id: field.uuid ?? randomUUID(),
            envelopeId: envelope.id,
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
          })),
        )
        .execute();
    }
    await trx
      .updateTable("envelope")
      .set({ updatedAt: new Date(deps.now()) })
      .where("id", "=", envelope.id)
      .execute();
  });
}

/** Queues the invitation of one recipient (their language) and marks them invited. */
export async function inviteRecipient(
  deps: EnvelopeDeps,
  trx: Kysely<Database>,
  envelope: EnvelopeRow,
  recipient: { id: string; email: string; linkVersion: number },
  at: Date,
): Promise<void> {
  const sender = await senderOf(trx, envelope);
  const languages = await mailLanguages(trx, [recipient.email], sender.language);
  await enqueueMail(
    trx,
    deps.mailKey,
    invitationMail({
      to: recipient.email,
      language: languages.get(recipient.email) ?? sender.language,
      sender: { name: sender.name, email: sender.email },
      title: envelope.title,
      message: envelope.message,
      expiresAt: envelope.expiresAt,
      link: signingLinkUrl(
        deps.config.signUrl,
        deps.linkKey,
        envelope.id,
        await currentLinkToken(trx, deps.linkKey, recipient),
      ),
    }),
  );
  await trx
    .updateTable("recipient")
    .set({ invitedAt: at })
    .where("id", "=", recipient.id)
    .execute();
}

/**
 * Sends a draft: at least one recipient, each with at least one signature field, a title, an
 * available signature level (SES: AES and QES need an identity-verification provider that is not
 * configured) and an expiry in the future. Invitations go out in each recipient's language: to
 * everyone in parallel order, to the first only in sequential order (the next one when the
 * previous signs).
 */
export async function sendEnvelope(
  deps: EnvelopeDeps,
  member: Member,
  envelopeId: string,
  origin: RequestOrigin,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const envelope = await lockDraftFor(trx, member, envelopeId, "update", "status");
    const recipients = await loadRecipients(trx, envelope.id);
    const fields = await trx
      .selectFrom("field")
      .select(["recipientId", "kind"])
      .where("envelopeId", "=", envelope.id)
      .execute();
    const problems: { path: string; code: string; message: string }[] = [];
    if (envelope.title.trim() === "")
      problems.push({ path: "title", code: "custom", message: "required" });
    if (recipients.length === 0) {
      problems.push({ path: "recipients", code: "custom", message: "required" });
    }
    recipients.forEach((recipient, index) => {
      if (
        !fields.some((field) => field.recipientId === recipient.id && field.kind === "signature")
      ) {
        problems.push({
          path: `recipients.${index}`,
          code: "custom",
          message: "signature_field_required",
        });
      }
    });
    if (envelope.signatureLevel !== "SES") {
      problems.push({
        path: "options.signatureLevel",
        code: "custom",
        message: "level_unavailable",
      });
    }
    if (envelope.expiresAt !== null && envelope.expiresAt.getTime() <= deps.now()) {
      problems.push({ path: "options.expiresAt", code: "custom", message: "in_past" });
    }
    if (problems.length > 0) {
      throw new AppError("VALIDATION_ERROR", {
        message:
          envelope.signatureLevel !== "SES"
            ? `The ${envelope.signatureLevel} level needs an identity-verification provider, and none is configured.`
            : "The envelope is not ready to be sent.",
        suggestion:
          envelope.signatureLevel !== "SES"
            ? "Choose the simple (SES) level, or configure an identity-verification provider."
            : "Complete the fields listed in the error and send again.",
        fields: problems,
      });
    }
    const at = new Date(deps.now());
    await trx
      .updateTable("envelope")
      .set({ status: "signing", sentAt: at, updatedAt: at })
      .where("id", "=", envelope.id)
      .execute();
    await trx
      .updateTable("recipient")
      .set({ linkCreatedAt: at })
      .where("envelopeId", "=", envelope.id)
      .execute();
    const invited = envelope.signingOrder === "sequential" ? recipients.slice(0, 1) : recipients;
    for (const recipient of invited) await inviteRecipient(deps, trx, envelope, recipient, at);
    await appendEvent(trx, deps.activityKey, envelope.id, {
      type: "envelopeSent",
      at: at.toISOString(),
      actor: { name: member.name, email: member.email },
      ip: origin.ip,
      userAgent: origin.userAgent,
      data: {
        recipients: recipients.map(personOf),
      },
    });
  });
}

/** Cancels an envelope being signed; recipients who were invited are mailed. */
export async function cancelEnvelope(
  deps: EnvelopeDeps,
  member: Member,
  envelopeId: string,
  input: Pick<CancelEnvelopeRequest, "reason">,
  origin: RequestOrigin,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const envelope = await lockEnvelopeFor(trx, member, envelopeId, "update", "status");
    if (envelope.status !== "signing" && envelope.status !== "approving") {
      throw conflict(
        envelope.status === "complete"
          ? "This envelope is complete: everyone signed, it can no longer be canceled."
          : `Only an envelope being signed can be canceled; this one is ${envelope.status}.`,
        "Reload the envelope.",
      );
    }
    const reason = input.reason;
    const at = new Date(deps.now());
    await trx
      .updateTable("envelope")
      .set({ status: "canceled", canceledAt: at, cancelReason: reason, updatedAt: at })
      .where("id", "=", envelope.id)
      .execute();
    await trx
      .updateTable("recipient")
      .set({ status: "canceled" })
      .where("envelopeId", "=", envelope.id)
      .where("status", "=", "pending")
      .execute();
    const recipients = await loadRecipients(trx, envelope.id);
    const sender = await senderOf(trx, envelope);
    const invited = recipients.filter((recipient) => recipient.invitedAt !== null);
    const languages = await mailLanguages(
      trx,
      invited.map((r) => r.email),
      sender.language,
    );
    for (const recipient of invited) {
      await enqueueMail(
        trx,
        deps.mailKey,
        canceledMail({
          to: recipient.email,
          language: languages.get(recipient.email) ?? sender.language,
          sender: sender.name,
          title: envelope.title,
          reason,
        }),
      );
    }
    await appendEvent(trx, deps.activityKey, envelope.id, {
      type: "envelopeCanceled",
      at: at.toISOString(),
      actor: { name: member.name, email: member.email },
      ip: origin.ip,
      userAgent: origin.userAgent,
      data: {
        reason,
        recipients: invited.map(personOf),
      },
    });
  });
}

/** Moves an envelope to another workspace of the team that the member belongs to. */
export async function moveEnvelope(
  deps: EnvelopeDeps,
  member: Member,
  envelopeId: string,
  workspaceUuid: string,
): Promise<void> {
  const workspace = await findWorkspaceForMember(deps.db, member, workspaceUuid);
  await deps.db.transaction().execute(async (trx) => {
    const envelope = await lockEnvelopeFor(trx, member, envelopeId, "update", "workspaceId");
    // The role must allow the envelope where it lands too (`{ "workspaceId": ... }` conditions).
    requirePermission(
      member,
      "update",
      envelopeSubject({ ...envelope, workspaceId: workspace.id }),
      "workspaceId",
    );
    await trx
      .updateTable("envelope")
      .set({ workspaceId: workspace.id, updatedAt: new Date(deps.now()) })
      .where("id", "=", envelope.id)
      .execute();
  });
}

/**
 * Deletes a draft with its files. The status is checked on the locked row, and the files go only
 * once the row is gone: a delete that loses a race with sending answers CONFLICT and leaves them.
 */
export async function deleteDraft(
  deps: EnvelopeDeps,
  member: Member,
  envelopeId: string,
): Promise<void> {
  const keys = await deps.db.transaction().execute(async (trx) => {
    const envelope = await lockDraftFor(trx, member, envelopeId, "delete");
    const documents = await trx
      .selectFrom("envelopeDocument")
      .leftJoin("documentPreview", "documentPreview.documentId", "envelopeDocument.id")
      .select(["envelopeDocument.blobKey", "documentPreview.blobKey as previewKey"])
      .where("envelopeDocument.envelopeId", "=", envelope.id)
      .execute();
    await trx.deleteFrom("envelope").where("id", "=", envelope.id).execute();
    return new Set(documents.flatMap((row) => [row.blobKey, row.previewKey ?? []].flat()));
  });
  await Promise.allSettled([...keys].map((key) => deps.blobStore.delete(key)));
}
