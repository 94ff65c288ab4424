import {
  type AccessLink,
  FIELD_VALUE_MAX_LENGTH,
  fieldValueProblem,
  isFieldValueFilled,
  normalizeFieldValue,
  shownFieldIds,
  SIGNATURE_IMAGE_MAX_HEIGHT,
  SIGNATURE_IMAGE_MAX_WIDTH,
} from "@paraphe/api-sdk/contract";
import type { EnvelopeRow, RecipientRow } from "../db/database";
import { conflict } from "./command-errors";
import { AppError } from "../errors/app-error";
import { enqueueJob } from "../jobs/queue";
import { sealEnvelopeJob } from "./job-definitions";
import { appendEvent } from "./activity";
import { addAdvancedSignature, type AdvancedSignatureRecord } from "./advanced-signature";
import {
  addQualifiedSignature,
  type QualifiedSignatureInput,
  type QualifiedSignatureRecord,
} from "./qualified-signature";
import { loadRecipientAttachments } from "./attachment-store";
import type { EnvelopeDeps } from "./envelope-deps";
import { settingsOf } from "./field-settings";
import { blobKeys } from "./file-keys";
import { type RequestOrigin } from "./request-origin";
import { advanceSteps } from "./signing-steps";
import { isTurn } from "./turns";
import { loadDocuments, loadRecipients, personOf } from "./views";
import { verifyAccessLink } from "./link-access";
import { requireEveryPageRead } from "./page-reads";
import { requireVerified } from "./recipient-verification";

/** Largest signature or initials image accepted (spec §9 pictures: under 1 MB). */
export const SIGNATURE_IMAGE_MAX_BYTES = 1024 * 1024;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Whether bytes are a PNG: the signature, then an IHDR chunk of sane dimensions. */
export function isPng(bytes: Buffer): boolean {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString("latin1", 12, 16) !== "IHDR") return false;
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  return width > 0 && height > 0 && width <= 10_000 && height <= 10_000;
}

function imageProblem(
  base64: string,
  path: string,
): { path: string; code: string; message: string } | null {
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length >= SIGNATURE_IMAGE_MAX_BYTES)
    return { path, code: "custom", message: "too_large" };
  if (!isPng(bytes)) return { path, code: "custom", message: "invalid_image" };
  // Decoding (at sealing) costs width × height: the header's dimensions are held to the cap.
  if (
    bytes.readUInt32BE(16) > SIGNATURE_IMAGE_MAX_WIDTH ||
    bytes.readUInt32BE(20) > SIGNATURE_IMAGE_MAX_HEIGHT
  ) {
    return { path, code: "custom", message: "image_too_large" };
  }
  return null;
}

/** Kinds whose value the platform fills in at sealing (name, email, date signed). */
const SERVER_FILLED = new Set(["name", "email", "date"]);

/**
 * POST /envelope/sign. Refused unless the link is valid, the envelope is being signed, the
 * recipient has not signed or declined yet, it is their turn, they passed the check their signature
 * requires (CONFLICT `verification_required`), they were served every page of every
 * document, every required field of theirs has a value, every value suits its field (an option
 * of a radio group or dropdown, a number within its bounds, a phone in E.164, the text's preset or
 * the sender's pattern: `fieldValueProblem`), no value is sent for a field its condition hides
 * (`hidden_field`) or for read-only text (`read_only`), and the signature (and initials) are PNG
 * images under 1 MB and 2000 × 800 pixels. Conditions are evaluated here on the values sent: a
 * hidden field is neither required nor kept (so never stamped). When everyone has acted the seal-envelope job is
 * enqueued in the same transaction; otherwise the signing steps move on (`signing-steps.ts`: a
 * step whose everyone acted ends, the next starts and its recipients are invited).
 * At the advanced level (AES) the signer's fields and their own PAdES signature, with a certificate
 * issued to them now, are added to each document before the answer (`addAdvancedSignature`); at
 * the qualified level (QES) the same with their qualified certificate at the provider, activated
 * by the PIN sent in `qualified` (`addQualifiedSignature`; a refusal of the provider changes
 * nothing).
 */
export async function signEnvelope(
  deps: EnvelopeDeps,
  input: AccessLink & {
    signature: { kind: "drawn" | "typed"; image: string };
    initials?: string | undefined;
    values: Record<string, string>;
    qualified?: QualifiedSignatureInput | undefined;
  },
  origin: RequestOrigin,
): Promise<{ recipientStatus: RecipientRow["status"]; envelopeStatus: EnvelopeRow["status"] }> {
  // Cheap checks first, outside the transaction.
  const first = await verifyAccessLink(deps, deps.db, input, { purpose: "sign" });
  const problems = [imageProblem(input.signature.image, "signature.image")];
  if (input.initials !== undefined) problems.push(imageProblem(input.initials, "initials"));
  const imageProblems = problems.filter((problem) => problem !== null);
  if (imageProblems.length > 0) {
    throw new AppError("VALIDATION_ERROR", {
      message: `The signature must be a PNG image under 1 MB, at most ${SIGNATURE_IMAGE_MAX_WIDTH} × ${SIGNATURE_IMAGE_MAX_HEIGHT} pixels.`,
      fields: imageProblems,
    });
  }
  const envelopeId = first.envelope.id;
  const recipientId = first.recipient.id;
  const signatureKey = blobKeys.signature(envelopeId, recipientId);
  const initialsKey = blobKeys.initials(envelopeId, recipientId);

  let completed = false;
  const result = await deps.db.transaction().execute(async (trx) => {
    const { envelope, recipient } = await verifyAccessLink(deps, trx, input, {
      lock: true,
      purpose: "sign",
    });
    if (recipient.kind !== "signer") {
      throw new AppError("FORBIDDEN", {
        message: "You are asked to approve this document, not to sign it.",
        suggestion: "Approve or reject the document.",
      });
    }
    if (recipient.status === "signed") throw conflict("You have already signed this document.");
    if (recipient.status !== "pending") {
      throw conflict(`You can no longer sign: your request is ${recipient.status}.`);
    }
    if (envelope.status !== "signing") {
      throw conflict(`This document can no longer be signed: it is ${envelope.status}.`);
    }
    const recipients = await loadRecipients(trx, envelope.id);
    if (!isTurn(envelope, recipient, recipients)) {
      throw conflict("It is not your turn to sign yet: an earlier step has not ended.");
    }
    // A signer whose signature needs a check signs only once they passed it.
    requireVerified(recipient);
    const documents = await loadDocuments(trx, envelope.id);
    await requireEveryPageRead(trx, recipient.id, documents, "sign");
    const fields = await trx
      .selectFrom("field")
      .selectAll()
      .where("recipientId", "=", recipient.id)
      .execute();
    const missing: { path: string; code: string; message: string }[] = [];
    if (envelope.initialsOnAllPages && input.initials === undefined) {
      // The sender asked for the signers' initials on every page.
      missing.push({ path: "initials", code: "custom", message: "required" });
    }
    // Values as kept (a phone in E.164, a number with a point), then which fields they show.
    const ruled = fields.map((field) => ({
      ...field,
      uuid: field.id,
      settings: settingsOf(field),
    }));
    const values: Record<string, string> = {};
    for (const field of ruled) {
      const value = input.values[field.id];
      if (value !== undefined) values[field.id] = normalizeFieldValue(field, value);
    }
    const shown = shownFieldIds(ruled, values);
    const attachments = await loadRecipientAttachments(trx, recipient.id);
    for (const field of ruled) {
      const path = `values.${field.id}`;
      const sent = input.values[field.id];
      if (!shown.has(field.id)) {
        // A field its condition hides takes no value: a request filling one is refused.
        if (sent !== undefined) missing.push({ path, code: "custom", message: "hidden_field" });
        continue;
      }
      if (field.kind === "attachment") {
        // Its files come through /envelope/upload-attachment, never as a value.
        if (sent !== undefined) missing.push({ path, code: "custom", message: "not_allowed" });
        else if (field.required && !attachments.some((row) => row.fieldId === field.id))
          missing.push({ path, code: "custom", message: "attachment_required" });
        continue;
      }
      if (field.kind === "signature" || SERVER_FILLED.has(field.kind)) continue;
      if (field.kind === "readonly") {
        if (sent !== undefined) missing.push({ path, code: "custom", message: "read_only" });
        continue;
      }
      if (field.kind === "initials") {
        if (field.required && input.initials === undefined)
          missing.push({ path: "initials", code: "custom", message: "required" });
        continue;
      }
      const value = values[field.id];
      if (!isFieldValueFilled(field.kind, value)) {
        if (field.required) missing.push({ path, code: "custom", message: "required" });
      } else if (value === undefined) {
        continue;
      } else if (field.kind === "image") {
        const problem = imageProblem(value, path);
        if (problem !== null) missing.push(problem);
      } else if (value.length > FIELD_VALUE_MAX_LENGTH) {
        // The contract lets a PNG through for image fields; text stays within what can be shown.
        missing.push({ path, code: "custom", message: "too_long" });
      } else if (field.kind !== "checkbox") {
        const problem = fieldValueProblem(field, value);
        if (problem !== null) missing.push({ path, code: "custom", message: problem });
      }
    }
    if (missing.length > 0) {
      throw new AppError("VALIDATION_ERROR", {
        message: missing.some((problem) => problem.message === "hidden_field")
          ? "A value was sent for a field that the answers given hide: leave it out."
          : missing.some((problem) => problem.message === "read_only")
            ? "A read-only field cannot be filled in."
            : missing.some((problem) => problem.message === "attachment_required")
              ? "Attach the files asked for before signing."
              : missing.some((problem) => problem.message !== "required")
                ? "Some values are not valid: correct them before signing."
                : "Fill in every required field before signing.",
        fields: missing.filter(
          (problem, index) => missing.findIndex((other) => other.path === problem.path) === index,
        ),
      });
    }

    await deps.blobStore.put(signatureKey, Buffer.from(input.signature.image, "base64"), {
      contentType: "image/png",
    });
    if (input.initials !== undefined) {
      await deps.blobStore.put(initialsKey, Buffer.from(input.initials, "base64"), {
        contentType: "image/png",
      });
    }
    // Files of a field the answers hide are not kept: only what the signer was asked for is sealed.
    const kept = attachments.filter((row) => shown.has(row.fieldId));
    const dropped = attachments.filter((row) => !shown.has(row.fieldId));
    if (dropped.length > 0) {
      await trx
        .deleteFrom("signerAttachment")
        .where(
          "id",
          "in",
          dropped.map((row) => row.id),
        )
        .execute();
    }
    const at = new Date(deps.now());
    for (const field of ruled) {
      if (!shown.has(field.id)) continue;
      // Read-only text keeps what the sender wrote; the rest what the signer gave.
      const value = field.kind === "readonly" ? field.settings.defaultValue : values[field.id];
      if (value !== undefined && !SERVER_FILLED.has(field.kind) && field.kind !== "signature") {
        await trx.updateTable("field").set({ value }).where("id", "=", field.id).execute();
      }
    }
    await trx
      .updateTable("recipient")
      .set({
        status: "signed",
        signedAt: at,
        signatureBlobKey: signatureKey,
        initialsBlobKey: input.initials === undefined ? null : initialsKey,
      })
      .where("id", "=", recipient.id)
      .execute();
    await trx
      .updateTable("envelope")
      .set({ updatedAt: at })
      .where("id", "=", envelope.id)
      .execute();
    // At QES, the signature comes from their certificate at the qualified provider.
    if (envelope.signatureLevel === "QES" && input.qualified === undefined) {
      throw new AppError("VALIDATION_ERROR", {
        message: "A qualified signature needs your certificate at the provider and its PIN.",
        suggestion: "Sign in at your provider from the signing page, then sign.",
        fields: [{ path: "qualified", code: "custom", message: "required" }],
      });
    }
    if (envelope.signatureLevel !== "QES" && input.qualified !== undefined) {
      throw new AppError("VALIDATION_ERROR", {
        message: "This envelope is not signed with a qualified certificate.",
        fields: [{ path: "qualified", code: "custom", message: "not_allowed" }],
      });
    }
    const images = {
      signature: Buffer.from(input.signature.image, "base64"),
      initials: input.initials === undefined ? undefined : Buffer.from(input.initials, "base64"),
    };
    // At AES, the signature of their own, on the current revision of each document.
    const advanced: AdvancedSignatureRecord | QualifiedSignatureRecord | undefined =
      envelope.signatureLevel === "QES" && input.qualified !== undefined
        ? await addQualifiedSignature(
            deps,
            trx,
            envelope,
            recipient,
            recipients,
            images,
            at,
            input.qualified,
          )
        : envelope.signatureLevel === "AES"
          ? await addAdvancedSignature(deps, trx, envelope, recipient, recipients, images, at)
          : undefined;
    await appendEvent(trx, deps.activityKey, envelope.id, {
      type: "documentSigned",
      at: at.toISOString(),
      actor: personOf(recipient),
      ip: origin.ip,
      userAgent: origin.userAgent,
      data: {
        ...(documents[0] === undefined ? {} : { documentSha256: documents[0].sha256 }),
        ...(kept.length === 0
          ? {}
          : {
              attachments: kept.map((row) => ({
                name: row.filename,
                size: row.size,
                sha256: row.sha256,
              })),
            }),
        ...(advanced === undefined ? {} : { signature: advanced }),
      },
    });
    const after = recipients.map((row) =>
      row.id === recipient.id ? { ...row, status: "signed" as const } : row,
    );
    const { status, completed: everyoneActed } = await advanceSteps(
      deps,
      trx,
      envelope,
      recipients,
      after,
      at,
    );
    if (everyoneActed) {
      await enqueueJob(
        trx,
        sealEnvelopeJob,
        { envelopeId: envelope.id },
        {
          dedupeKey: `seal-envelope:${envelope.id}`,
        },
      );
      completed = true;
    }
    return { recipientStatus: "signed" as const, envelopeStatus: status };
  });
  if (completed) deps.wakeJobs();
  return result;
}
