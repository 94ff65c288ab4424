import {
  type AccessLink,
  type BinaryFile,
  FIELD_VALUE_MAX_LENGTH,
  FIRST_PAGE_PREVIEW_MAX_BASE64_LENGTH,
  type OpenEnvelopeResponse,
  SIGNATURE_IMAGE_MAX_HEIGHT,
  SIGNATURE_IMAGE_MAX_WIDTH,
} from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import type { Database, EnvelopeRow, RecipientRow } from "../db/database";
import { AppError } from "../errors/app-error";
import { enqueueJob, sealEnvelopeJob } from "../jobs/definitions";
import { enqueueMail } from "../mail/outbox";
import { appendEvent } from "./activity";
import { completedFieldsFor } from "./completed-fields";
import { isLinkSecretValid, isLinkTokenOf, LINK_AFTER_END_MS, linkTokenHash } from "./access-links";
import { isPastExpiry } from "./deadlines";
import type { EnvelopeDeps } from "./envelope-deps";
import { loadEnvelopeRow } from "./envelope-store";
import { mailLanguages } from "./languages";
import { declinedMail } from "./mails";
import { blobKeys } from "./file-keys";
import { inviteRecipient } from "./invitations";
import { type RequestOrigin } from "./request-origin";
import { isTurn } from "./turns";
import { documentFile, pagePreview } from "./queries";
import { loadDocuments, loadRecipients, personOf, senderOf, toDocument, toField } from "./views";

/** Largest signature or initials image accepted (spec §9 pictures: under 1 MB). */
export const SIGNATURE_IMAGE_MAX_BYTES = 1024 * 1024;

const invalidLink = (): AppError => new AppError("ACCESS_LINK_INVALID");
const notFound = (): AppError =>
  new AppError("NOT_FOUND", {
    message: "This document was not found: it may have been deleted, or the link is wrong.",
    suggestion: "Ask the sender for a new invitation.",
  });

export interface LinkAccess {
  envelope: EnvelopeRow;
  recipient: RecipientRow;
}

/**
 * What a public call does with its link: `sign` (sign, decline) needs an envelope being signed;
 * `read` (open) also shows the outcome of an ended envelope; `download` (documents, previews) the
 * documents of an envelope being signed or the sealed ones of a complete envelope.
 */
export type LinkPurpose = "sign" | "read" | "download";

/**
 * Authorises a public call by its access link alone. A secret that is not the token's answers
 * ACCESS_LINK_INVALID; a replaced link (a resent invitation) ACCESS_LINK_INVALID; a token of another
 * envelope (or of none) NOT_FOUND; a link of a draft NOT_FOUND. Then by `purpose`, ACCESS_LINK_INVALID:
 * - `sign`: unless the envelope is being signed and not past its expiry (a completed, declined,
 *   canceled or expired envelope can no longer be signed through its links);
 * - `read`: past its expiry unless it ended in time (complete or declined), and once an ended
 *   envelope (complete, declined, canceled) ended more than 30 days ago (`LINK_AFTER_END_MS`);
 * - `download`: unless being signed and not past its expiry, or complete less than 30 days ago.
 */
export async function verifyAccessLink(
  deps: EnvelopeDeps,
  db: Kysely<Database>,
  link: AccessLink,
  options: { lock?: boolean; purpose?: LinkPurpose } = {},
): Promise<LinkAccess> {
  if (!isLinkSecretValid(deps.linkKey, link.token, link.secretKey)) throw invalidLink();
  const recipient = await db
    .selectFrom("recipient")
    .selectAll()
    .where("linkTokenHash", "=", linkTokenHash(link.token))
    .executeTakeFirst();
  if (recipient === undefined || !isLinkTokenOf(link.token, recipient.linkTokenHash)) {
    // The secret is right, so this platform made the link: it was replaced by a newer one (a
    // resent invitation), or its envelope is gone.
    const envelope = await db
      .selectFrom("envelope")
      .select("status")
      .where("id", "=", link.envelopeUuid)
      .executeTakeFirst();
    if (envelope !== undefined && envelope.status !== "draft") throw invalidLink();
    throw notFound();
  }
  if (recipient.envelopeId !== link.envelopeUuid) throw notFound();
  const envelope = await loadEnvelopeRow(db, recipient.envelopeId, {
    lock: options.lock ?? false,
  });
  if (envelope === undefined || envelope.status === "draft" || recipient.linkCreatedAt === null) {
    throw notFound();
  }
  if (!linkServes(envelope, options.purpose ?? "read", deps.now())) throw invalidLink();
  // Read the recipient again under the envelope's lock: its status may have just changed.
  const current = options.lock
    ? await db
        .selectFrom("recipient")
        .selectAll()
        .where("id", "=", recipient.id)
        .executeTakeFirstOrThrow()
    : recipient;
  return { envelope, recipient: current };
}

/** Whether a valid link of `envelope` still serves `purpose` at `now` (see `verifyAccessLink`). */
function linkServes(envelope: EnvelopeRow, purpose: LinkPurpose, now: number): boolean {
  const open = envelope.status === "signing" || envelope.status === "approving";
  if (open) return !isPastExpiry(envelope, now);
  if (purpose === "sign") return false;
  const endedAt = envelope.completedAt ?? envelope.canceledAt ?? envelope.updatedAt;
  const withinWindow = now < endedAt.getTime() + LINK_AFTER_END_MS;
  if (purpose === "download") return envelope.status === "complete" && withinWindow;
  // Past its expiry, a link opens only the outcome of an envelope that ended in time.
  const endedInTime = envelope.status === "complete" || envelope.status === "declined";
  return withinWindow && (endedInTime || !isPastExpiry(envelope, now));
}

/** The pages each document the recipient has read (reported on screen), by document uuid. */
export async function readPages(
  db: Kysely<Database>,
  recipientId: string,
): Promise<Record<string, number[]>> {
  const rows = await db
    .selectFrom("recipientPageView")
    .select(["documentId", "page"])
    .where("recipientId", "=", recipientId)
    .where("readAt", "is not", null)
    .orderBy("page")
    .execute();
  const result: Record<string, number[]> = {};
  for (const row of rows) (result[row.documentId] ??= []).push(row.page);
  return result;
}

/**
 * VALIDATION_ERROR (`pages_not_viewed` per document) unless the recipient read every page of every
 * document (served, then reported on screen with `/envelope/mark-page-read`): before signing, and
 * before approving.
 */
export async function requireEveryPageRead(
  db: Kysely<Database>,
  recipientId: string,
  documents: readonly { id: string; pageCount: number }[],
  action: "sign" | "approve",
): Promise<void> {
  const viewed = await readPages(db, recipientId);
  const unseen = documents.filter(
    (document) => (viewed[document.id]?.length ?? 0) < document.pageCount,
  );
  if (unseen.length === 0) return;
  throw new AppError("VALIDATION_ERROR", {
    message:
      action === "sign"
        ? "Read every page of every document before signing."
        : "Read every page of every document before approving.",
    suggestion:
      action === "sign"
        ? "Scroll through the whole document, then sign."
        : "Scroll through the whole document, then approve.",
    fields: unseen.map((document) => ({
      path: `documents.${document.id}`,
      code: "custom",
      message: "pages_not_viewed",
    })),
  });
}

/** POST /envelope/open: what the signing page shows; records envelopeOpened once per recipient. */
export async function openEnvelope(
  deps: EnvelopeDeps,
  link: AccessLink,
  origin: RequestOrigin,
): Promise<OpenEnvelopeResponse> {
  let { envelope, recipient } = await verifyAccessLink(deps, deps.db, link);
  if (
    recipient.openedAt === null &&
    (envelope.status === "signing" || envelope.status === "approving")
  ) {
    await deps.db.transaction().execute(async (trx) => {
      const locked = await verifyAccessLink(deps, trx, link, { lock: true });
      if (locked.recipient.openedAt !== null) return;
      const at = new Date(deps.now());
      await trx
        .updateTable("recipient")
        .set({ openedAt: at })
        .where("id", "=", recipient.id)
        .execute();
      await appendEvent(trx, deps.activityKey, envelope.id, {
        type: "envelopeOpened",
        at: at.toISOString(),
        actor: personOf(locked.recipient),
        ip: origin.ip,
        userAgent: origin.userAgent,
        data: {},
      });
    });
    ({ envelope, recipient } = await verifyAccessLink(deps, deps.db, link));
  }
  const sender = await senderOf(deps.db, envelope);
  const recipients = await loadRecipients(deps.db, envelope.id);
  const documents = await loadDocuments(deps.db, envelope.id);
  const fields = await deps.db
    .selectFrom("field")
    .selectAll()
    .where("recipientId", "=", recipient.id)
    .orderBy("documentId")
    .orderBy("page")
    .orderBy("y")
    .execute();
  const languages = await mailLanguages(deps.db, [recipient.email], sender.language);
  const turn = isTurn(envelope, recipient, recipients);
  const acting = canAct(envelope, recipient, turn, deps.now());
  const firstPage = acting ? await serveFirstPage(deps, envelope, recipient) : null;
  const completedFields = acting
    ? await completedFieldsFor(deps, envelope, recipient, recipients, sender.language)
    : [];
  return {
    envelope: {
      uuid: envelope.id,
      title: envelope.title,
      status: envelope.status,
      signatureLevel: envelope.signatureLevel,
      message: envelope.message,
      sender: { name: sender.name, email: sender.email },
      expiresAt: envelope.expiresAt?.toISOString() ?? null,
    },
    recipient: {
      uuid: recipient.id,
      email: recipient.email,
      firstname: recipient.firstname,
      lastname: recipient.lastname,
      status: recipient.status,
      kind: recipient.kind,
      isTurn: turn,
    },
    documents: documents.map(toDocument),
    fields: fields.map(toField),
    completedFields,
    viewedPages: await readPages(deps.db, recipient.id),
    language: languages.get(recipient.email) ?? sender.language,
    firstPage,
  };
}

/**
 * Whether the recipient acts on the envelope now (the signing page shows the document): a pending
 * signer of an envelope being signed, or a pending approver of one being approved, in their turn,
 * before its expiry.
 */
function canAct(envelope: EnvelopeRow, recipient: RecipientRow, turn: boolean, now: number) {
  const open = recipient.kind === "approver" ? "approving" : "signing";
  return (
    envelope.status === open &&
    recipient.status === "pending" &&
    turn &&
    !isPastExpiry(envelope, now)
  );
}

/**
 * The first document's first page preview for `/envelope/open`, recorded as viewed as
 * `/envelope/download-signer-document` records a page it serves; null when there is no preview yet
 * or it is larger than FIRST_PAGE_PREVIEW_MAX_BYTES (the page is then asked for as any other).
 */
async function serveFirstPage(
  deps: EnvelopeDeps,
  envelope: EnvelopeRow,
  recipient: RecipientRow,
): Promise<OpenEnvelopeResponse["firstPage"]> {
  let preview: Awaited<ReturnType<typeof pagePreview>>;
  try {
    preview = await pagePreview(deps, deps.blobStore, envelope.id, undefined, 0);
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") return null;
    throw error;
  }
  if (preview.data.length > FIRST_PAGE_PREVIEW_MAX_BASE64_LENGTH) return null;
  await recordPageViewed(deps, recipient.id, preview.documentId, 0);
  return {
    documentUuid: preview.documentId,
    filename: preview.filename,
    contentType: preview.contentType,
    data: preview.data,
  };
}

async function recordPageViewed(
  deps: EnvelopeDeps,
  recipientId: string,
  documentId: string,
  page: number,
): Promise<void> {
  await deps.db
    .insertInto("recipientPageView")
    .values({ recipientId, documentId, page, viewedAt: new Date(deps.now()) })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * POST /envelope/mark-page-read: the signing page saw the page on screen (enough of it, outside what
 * its bottom bar covers), so it counts as read. Only a page already served to this recipient (its
 * preview) can be read, and only while the recipient can act on the envelope; marking a page twice
 * keeps its first time. Answers the pages read so far.
 */
export async function markPageRead(
  deps: EnvelopeDeps,
  input: AccessLink & { documentUuid: string; page: number },
): Promise<{ viewedPages: Record<string, number[]> }> {
  const { envelope, recipient } = await verifyAccessLink(deps, deps.db, input);
  const recipients = await loadRecipients(deps.db, envelope.id);
  if (!canAct(envelope, recipient, isTurn(envelope, recipient, recipients), deps.now())) {
    throw new AppError("CONFLICT", {
      message:
        "This document cannot be read for signing now: it is not your turn, or you have already acted on it.",
      suggestion: "Open the link again to see where the document stands.",
    });
  }
  const marked = await deps.db
    .updateTable("recipientPageView")
    .set({ readAt: new Date(deps.now()) })
    .where("recipientId", "=", recipient.id)
    .where("documentId", "=", input.documentUuid)
    .where("page", "=", input.page)
    .where("readAt", "is", null)
    .executeTakeFirst();
  if (marked.numUpdatedRows === 0n) {
    const served = await deps.db
      .selectFrom("recipientPageView")
      .select("page")
      .where("recipientId", "=", recipient.id)
      .where("documentId", "=", input.documentUuid)
      .where("page", "=", input.page)
      .executeTakeFirst();
    if (served === undefined) {
      throw new AppError("VALIDATION_ERROR", {
        message: "This page was not shown to you yet: it cannot be read.",
        suggestion: "Load the page's preview, then mark it read.",
        fields: [{ path: "page", code: "custom", message: "page_not_served" }],
      });
    }
  }
  return { viewedPages: await readPages(deps.db, recipient.id) };
}

/**
 * POST /envelope/download-signer-document: with `page`, that page's preview (recorded as viewed by
 * the recipient); without, the whole PDF: the original, or the sealed copy once complete.
 */
export async function downloadSignerDocument(
  deps: EnvelopeDeps,
  input: AccessLink & { documentUuid?: string | undefined; page?: number | undefined },
): Promise<BinaryFile> {
  const { envelope, recipient } = await verifyAccessLink(deps, deps.db, input, {
    purpose: "download",
  });
  if (input.page !== undefined) {
    const preview = await pagePreview(
      deps,
      deps.blobStore,
      envelope.id,
      input.documentUuid,
      input.page,
    );
    await recordPageViewed(deps, recipient.id, preview.documentId, input.page);
    return { filename: preview.filename, contentType: preview.contentType, data: preview.data };
  }
  return documentFile(
    deps,
    deps.blobStore,
    envelope.id,
    input.documentUuid,
    envelope.status === "complete" ? "sealed" : "original",
  );
}

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

const conflict = (message: string): AppError =>
  new AppError("CONFLICT", { message, suggestion: "Reload the page." });

/** Kinds whose value the platform fills in at sealing (name, email, date signed). */
const SERVER_FILLED = new Set(["name", "email", "date"]);

/**
 * POST /envelope/sign. Refused unless the link is valid, the envelope is being signed, the
 * recipient has not signed or declined yet, it is their turn, they were served every page of every
 * document, every required field of theirs has a value, and the signature (and initials) are PNG
 * images under 1 MB and 2000 × 800 pixels. The last signature enqueues the seal-envelope job in the same transaction;
 * in sequential order the next signer is invited.
 */
export async function signEnvelope(
  deps: EnvelopeDeps,
  input: AccessLink & {
    signature: { kind: "drawn" | "typed"; image: string };
    initials?: string | undefined;
    values: Record<string, string>;
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
      throw conflict("It is not your turn to sign yet: an earlier signer has not signed.");
    }
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
    for (const field of fields) {
      if (field.kind === "signature" || SERVER_FILLED.has(field.kind)) continue;
      if (field.kind === "initials") {
        if (field.required && input.initials === undefined)
          missing.push({ path: "initials", code: "custom", message: "required" });
        continue;
      }
      const value = input.values[field.id];
      const empty =
        value === undefined ||
        value.trim() === "" ||
        (field.kind === "checkbox" && value !== "true");
      if (field.required && empty) {
        missing.push({ path: `values.${field.id}`, code: "custom", message: "required" });
      } else if (field.kind === "image" && value !== undefined && value !== "") {
        const problem = imageProblem(value, `values.${field.id}`);
        if (problem !== null) missing.push(problem);
      } else if (value !== undefined && value.length > FIELD_VALUE_MAX_LENGTH) {
        // The contract lets a PNG through for image fields; text stays within what can be shown.
        missing.push({ path: `values.${field.id}`, code: "custom", message: "too_long" });
      }
    }
    if (missing.length > 0) {
      throw new AppError("VALIDATION_ERROR", {
        message: "Fill in every required field before signing.",
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
    const at = new Date(deps.now());
    for (const field of fields) {
      const value = input.values[field.id];
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
    await appendEvent(trx, deps.activityKey, envelope.id, {
      type: "documentSigned",
      at: at.toISOString(),
      actor: personOf(recipient),
      ip: origin.ip,
      userAgent: origin.userAgent,
      data: documents[0] === undefined ? {} : { documentSha256: documents[0].sha256 },
    });
    const remaining = recipients.filter(
      (other) => other.kind === "signer" && other.id !== recipient.id && other.status !== "signed",
    );
    if (remaining.length === 0) {
      await enqueueJob(
        trx,
        sealEnvelopeJob,
        { envelopeId: envelope.id },
        {
          dedupeKey: `seal-envelope:${envelope.id}`,
        },
      );
      completed = true;
    } else if (envelope.signingOrder === "sequential") {
      const next = remaining.sort((a, b) => a.position - b.position)[0];
      if (next !== undefined && next.invitedAt === null) {
        await inviteRecipient(deps, trx, envelope, next, at);
      }
    }
    return { recipientStatus: "signed" as const, envelopeStatus: envelope.status };
  });
  if (completed) deps.wakeJobs();
  return result;
}

/**
 * Mails that `recipient` declined (or, an approver, rejected) the envelope, with the reason: to the
 * sender and to every other recipient who was invited, each in their language.
 */
async function mailDeclined(
  deps: EnvelopeDeps,
  trx: Kysely<Database>,
  envelope: EnvelopeRow,
  recipient: RecipientRow,
  reason: string,
): Promise<void> {
  const sender = await senderOf(trx, envelope);
  const recipients = await loadRecipients(trx, envelope.id);
  const others = recipients.filter(
    (other) => other.id !== recipient.id && other.invitedAt !== null,
  );
  const emails = [sender.email, ...others.map((other) => other.email)];
  const languages = await mailLanguages(trx, emails, sender.language);
  for (const email of new Set(emails)) {
    await enqueueMail(
      trx,
      deps.mailKey,
      declinedMail({
        to: email,
        language: languages.get(email) ?? sender.language,
        name: personOf(recipient).name,
        email: recipient.email,
        title: envelope.title,
        reason,
        rejected: recipient.kind === "approver",
      }),
    );
  }
}

/**
 * Records that `recipient` declined the envelope (or, an approver, rejected it) with `reason`, in the
 * caller's transaction on the locked envelope: recipient and envelope declined, the others mailed,
 * the event appended to the activity log.
 */
export async function recordDecline(
  deps: EnvelopeDeps,
  trx: Kysely<Database>,
  envelope: EnvelopeRow,
  recipient: RecipientRow,
  reason: string,
  origin: RequestOrigin,
  type: "envelopeDeclined" | "approvalRejected",
): Promise<{ recipientStatus: "declined"; envelopeStatus: "declined" }> {
  const at = new Date(deps.now());
  await trx
    .updateTable("recipient")
    .set({ status: "declined", declinedAt: at, declineReason: reason })
    .where("id", "=", recipient.id)
    .execute();
  await trx
    .updateTable("envelope")
    .set({ status: "declined", updatedAt: at })
    .where("id", "=", envelope.id)
    .execute();
  await mailDeclined(deps, trx, envelope, recipient, reason);
  await appendEvent(trx, deps.activityKey, envelope.id, {
    type,
    at: at.toISOString(),
    actor: personOf(recipient),
    ip: origin.ip,
    userAgent: origin.userAgent,
    data: { reason },
  });
  return { recipientStatus: "declined", envelopeStatus: "declined" };
}

/** POST /envelope/decline: the envelope is declined; the sender and other invited recipients are mailed. */
export async function declineEnvelope(
  deps: EnvelopeDeps,
  input: AccessLink & { reason: string },
  origin: RequestOrigin,
): Promise<{ recipientStatus: RecipientRow["status"]; envelopeStatus: EnvelopeRow["status"] }> {
  return deps.db.transaction().execute(async (trx) => {
    const { envelope, recipient } = await verifyAccessLink(deps, trx, input, {
      lock: true,
      purpose: "sign",
    });
    if (recipient.kind !== "signer") {
      throw new AppError("FORBIDDEN", {
        message: "You are asked to approve this document: reject it instead of declining.",
        suggestion: "Reject the document with a reason.",
      });
    }
    if (recipient.status !== "pending") {
      throw conflict(`You can no longer decline: your request is ${recipient.status}.`);
    }
    if (envelope.status !== "signing") {
      throw conflict(`This document can no longer be declined: it is ${envelope.status}.`);
    }
    return recordDecline(deps, trx, envelope, recipient, input.reason, origin, "envelopeDeclined");
  });
}
