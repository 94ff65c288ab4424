import {
  type AccessLink,
  FIRST_PAGE_PREVIEW_MAX_BASE64_LENGTH,
  type OpenEnvelopeResponse,
  type PreviewWidth,
} from "@paraphe/api-sdk/contract";
import { signerBrandingOf } from "../branding/team-branding";
import type { EnvelopeRow, RecipientRow } from "../db/database";
import { AppError } from "../errors/app-error";
import { appendEvent } from "./activity";
import { completedFieldsFor } from "./completed-fields";
import type { EnvelopeDeps } from "./envelope-deps";
import { enqueueMail } from "../mail/outbox";
import { mailLanguages } from "./languages";
import { documentUnavailableMail } from "./mails";
import { type RequestOrigin } from "./request-origin";
import { isTurn } from "./turns";
import { pagePreview } from "./document-files";
import { loadDocuments, loadRecipients, personOf, senderOf, toDocument, toField } from "./views";
import { canAct, verifyAccessLink } from "./link-access";
import { readPages, recordPageViewed } from "./page-reads";

/** POST /envelope/open: what the signing page shows; records envelopeOpened once per recipient. */
export async function openEnvelope(
  deps: EnvelopeDeps,
  link: AccessLink & { previewWidth?: PreviewWidth | undefined },
  origin: RequestOrigin,
): Promise<OpenEnvelopeResponse> {
  let { envelope, recipient } = await verifyAccessLink(deps, deps.db, link);
  const open = envelope.status === "signing" || envelope.status === "approving";
  if (open && recipient.status === "pending") await requireOriginals(deps, envelope, recipient);
  if (recipient.openedAt === null && open) {
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
  const firstPage = acting
    ? await serveFirstPage(deps, envelope, recipient, link.previewWidth)
    : null;
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
      allowDelegation: envelope.allowDelegation,
    },
    recipient: {
      uuid: recipient.id,
      email: recipient.email,
      firstname: recipient.firstname,
      lastname: recipient.lastname,
      status: recipient.status,
      kind: recipient.kind,
      isTurn: turn,
      verification: recipient.verification,
      verifiedAt: recipient.verifiedAt?.toISOString() ?? null,
    },
    documents: documents.map(toDocument),
    fields: fields.map(toField),
    completedFields,
    viewedPages: await readPages(deps.db, recipient.id),
    language: languages.get(recipient.email) ?? sender.language,
    firstPage,
    branding: await signerBrandingOf(deps.db, deps.config, envelope.teamId),
  };
}

/** How often the sender hears that an original file is missing: once a day at most. */
const MISSING_ORIGINAL_NOTICE_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * A recipient who may still act needs the envelope's original files (their pages are drawn, and
 * the signed document sealed, from them): when one is missing from the file store, the open call
 * answers CONFLICT `document_unavailable` (the signing page says the document is not available
 * right now) rather than a document that cannot be signed, the log says which file is gone, and
 * the sender is mailed (at most once a day per envelope, {@link noticeMissingOriginal}).
 */
async function requireOriginals(
  deps: EnvelopeDeps,
  envelope: EnvelopeRow,
  recipient: RecipientRow,
): Promise<void> {
  const documents = await deps.db
    .selectFrom("envelopeDocument")
    .select(["id", "blobKey", "filename"])
    .where("envelopeId", "=", envelope.id)
    .orderBy("position")
    .execute();
  for (const document of documents) {
    if (await deps.blobStore.exists(document.blobKey)) continue;
    deps.logger.error(
      { envelopeId: envelope.id, documentId: document.id },
      "the original file of a document being signed is missing from the file store",
    );
    await noticeMissingOriginal(deps, envelope, recipient, document.filename);
    throw new AppError("CONFLICT", {
      message: "This document is not available right now.",
      suggestion: "Try again later; the sender has been told.",
      reason: "document_unavailable",
    });
  }
}

/**
 * Mails the sender that `recipient` met a missing original file, unless they were told in the
 * last day: the envelope's `originalMissingNoticedAt` is claimed and the mail queued in one
 * transaction, so that signers opening at once send one mail.
 */
async function noticeMissingOriginal(
  deps: EnvelopeDeps,
  envelope: EnvelopeRow,
  recipient: RecipientRow,
  filename: string,
): Promise<void> {
  const at = new Date(deps.now());
  const since = new Date(at.getTime() - MISSING_ORIGINAL_NOTICE_INTERVAL_MS);
  await deps.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("envelope")
      .set({ originalMissingNoticedAt: at })
      .where("id", "=", envelope.id)
      .where((eb) =>
        eb.or([
          eb("originalMissingNoticedAt", "is", null),
          eb("originalMissingNoticedAt", "<=", since),
        ]),
      )
      .returning("id")
      .executeTakeFirst();
    if (claimed === undefined) return;
    const sender = await senderOf(trx, envelope);
    const person = personOf(recipient);
    await enqueueMail(
      trx,
      deps.mailKey,
      documentUnavailableMail({
        to: sender.email,
        language: sender.language,
        name: person.name,
        email: recipient.email,
        title: envelope.title,
        document: filename,
        branding: await signerBrandingOf(trx, deps.config, envelope.teamId),
        link: `${deps.config.webUrl}/envelopes/${envelope.workspaceId}/${envelope.id}/view`,
      }),
      { teamId: envelope.teamId, envelopeId: envelope.id, replyTo: sender.email },
    );
  });
}

/**
 * The first document's first page preview for `/envelope/open`, recorded as viewed as
 * `/envelope/download-signer-document` records a page it serves, rendered now if the queue has not
 * yet; null when it cannot be rendered now or its base64 is longer than
 * FIRST_PAGE_PREVIEW_MAX_BASE64_LENGTH (the page is then asked for as any other). At `width` when
 * given (a narrower preview width, as the page call draws it), else at the default width.
 */
async function serveFirstPage(
  deps: EnvelopeDeps,
  envelope: EnvelopeRow,
  recipient: RecipientRow,
  width: PreviewWidth | undefined,
): Promise<OpenEnvelopeResponse["firstPage"]> {
  let preview: Awaited<ReturnType<typeof pagePreview>>;
  try {
    // Not rendered yet (the queue renders after the upload): rendered now, as a page call would.
    preview = await pagePreview(
      deps,
      envelope.id,
      undefined,
      0,
      { owner: `recipient:${recipient.id}` },
      width,
    );
  } catch (error) {
    // No page, a page that cannot be drawn, or workers too busy: the page is asked for as any other.
    if (error instanceof AppError) return null;
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
