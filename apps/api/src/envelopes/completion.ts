import type { Kysely } from "kysely";
import type { BlobStore } from "../blob/blob-store";
import type { Config } from "../config";
import type { Database } from "../db/database";
import type { AuditEvent } from "../documents/audit-chain";
import { loadOrCreatePlatformIdentity, type PlatformIdentity } from "../documents/certificates";
import { sha256Hex } from "../documents/inspect";
import { renderProof, type ProofInput, type ProofSigner } from "../documents/proof";
import { logoBlobKey, signerBrandingOf } from "../branding/team-branding";
import { sealPdf, stampAndSealPdf } from "../documents/worker-pool";
import { enqueueMail } from "../mail/outbox";
import type { Logger } from "../logger";
import { appendEvent, loadActivity } from "./activity";
import { completedMail } from "./mails";
import { blobKeys } from "./file-keys";
import { recipientMailContext } from "./invitations";
import { loadDocuments, loadRecipients, personOf, senderOf } from "./views";
import { requireEnvelopeRow } from "./envelope-store";
import { documentStamps } from "./document-stamps";
import { loadEnvelopeAttachments } from "./attachment-store";
import { shownFields } from "./field-settings";
import type { SealAttachment, SealResult } from "../documents/seal";
import { platformSealOptions, type SealedFile } from "./seal-options";

export interface CompletionDeps {
  db: Kysely<Database>;
  config: Config;
  logger: Logger;
  blobStore: BlobStore;
  linkKey: Buffer;
  mailKey: Buffer;
  activityKey: Buffer;
  now: () => number;
}

/** At most this many notes of what the seals could not do go into the completion event. */
const MAX_SEAL_NOTES = 20;
const MAX_SEAL_NOTE_LENGTH = 300;

let identity: Promise<PlatformIdentity> | undefined;
let identityFor: string | undefined;

/** The platform's seal identity (PKCS#12 or the development certificate), loaded once per setting. */
function platformIdentity(config: Config): Promise<PlatformIdentity> {
  const key = `${config.dataDir}\0${config.sealP12File ?? ""}`;
  if (identity === undefined || identityFor !== key) {
    identityFor = key;
    identity = loadOrCreatePlatformIdentity({
      dataDir: config.dataDir,
      ...(config.sealP12File === undefined ? {} : { p12File: config.sealP12File }),
      ...(config.sealP12Passphrase === undefined
        ? {}
        : { p12Passphrase: config.sealP12Passphrase }),
    });
    identity.catch(() => {
      identity = undefined;
    });
  }
  return identity;
}

async function readBlob(blobStore: BlobStore, key: string): Promise<Uint8Array> {
  const blob = await blobStore.get(key);
  if (blob === null) throw new Error(`blob ${key} is missing`);
  return blob.bytes;
}

/**
 * The seal-envelope job: completes an envelope whose signers have all signed. Each step is
 * idempotent, so a retry after a crash picks up where the last attempt stopped:
 * 1. each document without a sealed copy: fields and signatures stamped (name, email and date
 *    signed filled here, dates in the sender's language) and sealed (PAdES B-B, or B-LTA with
 *    TSA_URL) in one incremental update (B-LTA: then its validation data and a document
 *    timestamp), stored encrypted;
 * 2. the envelopeCompleted event, once;
 * 3. the audit-log proof in the sender's language, sealed too, stored; then, in one transaction,
 *    status complete and the mails to the sender and every recipient (the copies' saying they
 *    were copied).
 */
export async function completeEnvelope(deps: CompletionDeps, envelopeId: string): Promise<void> {
  const envelope = await deps.db
    .selectFrom("envelope")
    .selectAll()
    .where("id", "=", envelopeId)
    .executeTakeFirst();
  if (envelope === undefined || envelope.status !== "signing") {
    deps.logger.info({ envelopeId, status: envelope?.status }, "nothing to seal");
    return;
  }
  const everyone = await loadRecipients(deps.db, envelopeId);
  // Approvers approved before anyone signed; the document carries the signers' marks.
  const recipients = everyone.filter((recipient) => recipient.kind === "signer");
  if (recipients.some((recipient) => recipient.status !== "signed")) {
    throw new Error(`envelope ${envelopeId} has signers who have not signed`);
  }
  const sender = await senderOf(deps.db, envelope);
  const platform = await platformIdentity(deps.config);
  const level = deps.config.tsaUrl === undefined ? ("B-B" as const) : ("B-LTA" as const);
  // What the seals could not do (validation data missing): logged, and noted in the completion
  // event (only by the attempt that sealed the documents; a retry after that notes nothing new).
  const sealNotes: string[] = [];
  const noteSealWarnings = (file: string, result: SealResult) => {
    for (const warning of result.warnings) {
      deps.logger.warn({ envelopeId, file, code: warning.code }, warning.message);
      const note = `${warning.code}: ${warning.message}`.slice(0, MAX_SEAL_NOTE_LENGTH);
      if (sealNotes.length < MAX_SEAL_NOTES && !sealNotes.includes(note)) sealNotes.push(note);
    }
  };
  // Validation data from public addresses only in production; elsewhere local services count too.
  const sealOptions = (file: SealedFile) =>
    platformSealOptions(file, platform, deps.config.tsaUrl, deps.config.nodeEnv !== "production");
  const dateFormat = new Intl.DateTimeFormat(sender.language, {
    dateStyle: "long",
    timeZone: "UTC",
  });

  const images = new Map<string, Uint8Array>();
  for (const recipient of recipients) {
    if (recipient.signatureBlobKey !== null)
      images.set(`s:${recipient.id}`, await readBlob(deps.blobStore, recipient.signatureBlobKey));
    if (recipient.initialsBlobKey !== null)
      images.set(`i:${recipient.id}`, await readBlob(deps.blobStore, recipient.initialsBlobKey));
  }

  // 1. Stamp and seal each document.
  // Only the fields their signers were shown: one a condition hid is not stamped.
  const fields = shownFields(
    await deps.db.selectFrom("field").selectAll().where("envelopeId", "=", envelopeId).execute(),
  );
  // The signers' files, each embedded in the document that holds its attachment field, before
  // that document's seal (read when that document is sealed: one document's files at a time).
  const attachmentRows = await loadEnvelopeAttachments(deps.db, envelopeId);
  const documentOfField = new Map(fields.map((field) => [field.id, field.documentId]));
  const attachmentsOf = async (documentId: string): Promise<SealAttachment[]> => {
    const attachments: SealAttachment[] = [];
    for (const row of attachmentRows) {
      if (documentOfField.get(row.fieldId) !== documentId) continue;
      const recipient = recipients.find((candidate) => candidate.id === row.recipientId);
      if (recipient === undefined) continue;
      attachments.push({
        name: row.filename,
        data: await readBlob(deps.blobStore, row.blobKey),
        mimeType: row.contentType,
        description: `${personOf(recipient).name} <${recipient.email}>, SHA-256 ${row.sha256}`,
      });
    }
    return attachments;
  };
  for (const document of await loadDocuments(deps.db, envelopeId)) {
    if (document.sealedBlobKey !== null) continue;
    // At AES and QES each signer's fields went in with their own signature: nothing is stamped
    // again (drawing after their signatures would change the pages they signed).
    const stamps =
      envelope.signatureLevel !== "SES"
        ? []
        : documentStamps({
            fields: fields.filter((row) => row.documentId === document.id),
            recipients,
            images,
            dateFormat,
            initialsOnAllPages: envelope.initialsOnAllPages,
            pageCount: document.pageCount,
          });
    // The current revision: the original, or at AES and QES the original with every signer's
    // signature.
    const original = await readBlob(deps.blobStore, document.revisionBlobKey ?? document.blobKey);
    // Stamped and sealed in one worker task: the document is loaded and saved once.
    const result = await stampAndSealPdf(
      original,
      stamps,
      sealOptions("document"),
      await attachmentsOf(document.id),
    );
    noteSealWarnings("document", result);
    const sealed = result.bytes;
    const key = blobKeys.sealed(envelopeId, document.id);
    await deps.blobStore.put(key, sealed, { contentType: "application/pdf" });
    await deps.db
      .updateTable("envelopeDocument")
      .set({ sealedBlobKey: key, sealedSha256: sha256Hex(sealed) })
      .where("id", "=", document.id)
      .execute();
  }
  const documents = await loadDocuments(deps.db, envelopeId);

  // 2. The envelopeCompleted event, once.
  await deps.db.transaction().execute(async (trx) => {
    const done = await trx
      .selectFrom("activityEvent")
      .select("seq")
      .where("envelopeId", "=", envelopeId)
      .where("type", "=", "envelopeCompleted")
      .executeTakeFirst();
    if (done !== undefined) return;
    const sealedSha256 = documents[0]?.sealedSha256 ?? undefined;
    await appendEvent(trx, deps.activityKey, envelopeId, {
      type: "envelopeCompleted",
      at: new Date(deps.now()).toISOString(),
      actor: null,
      ip: null,
      userAgent: null,
      data: {
        ...(sealedSha256 === undefined ? {} : { sealedSha256 }),
        sealLevel: level,
        ...(sealNotes.length === 0 ? {} : { sealNotes }),
      },
    });
  });

  // 3. The proof, then status complete and the mails.
  const activity = await loadActivity(deps, deps.activityKey, envelopeId);
  const events: AuditEvent[] = activity.entries.map((entry) => entry.event);
  const completedEvent = events.findLast((event) => event.type === "envelopeCompleted");
  const completedAt = new Date(completedEvent?.at ?? deps.now());
  const signers: ProofSigner[] = [
    ...recipients.map((recipient) => {
      const image = images.get(`s:${recipient.id}`);
      return {
        ...personOf(recipient),
        signedAt: recipient.signedAt,
        ...(image === undefined ? {} : { signatureImage: image }),
      };
    }),
    // The viewers, with when they read every page; then the recipients in copy, as copied.
    ...everyone
      .filter((recipient) => recipient.kind === "viewer")
      .map((recipient) => ({
        ...personOf(recipient),
        signedAt: null,
        viewedAt: recipient.viewedAt,
      })),
    // The recipients in copy are listed after the signers, as copied.
    ...everyone
      .filter((recipient) => recipient.kind === "cc")
      .map((recipient) => ({ ...personOf(recipient), signedAt: null, copied: true })),
  ];
  const proof = await renderProof({
    language: sender.language,
    title: envelope.title,
    envelopeId,
    originalSha256: documents.map((document) => document.sha256).join(" "),
    sealedSha256: documents.map((document) => document.sealedSha256 ?? "").join(" "),
    events,
    signers,
    generatedAt: new Date(deps.now()),
    completedAt,
    ...(activity.head === null ? {} : { chainHead: activity.head }),
    chainCheck: { valid: activity.chainValid, rekeyedAt: activity.rekeyedAt },
    brand: await proofBrand(deps, envelope.teamId),
  });
  const proofResult = await sealPdf(proof, sealOptions("proof"));
  noteSealWarnings("proof", proofResult);
  const sealedProof = proofResult.bytes;
  const proofKey = blobKeys.proof(envelopeId);
  await deps.blobStore.put(proofKey, sealedProof, { contentType: "application/pdf" });

  await deps.db.transaction().execute(async (trx) => {
    const current = await requireEnvelopeRow(trx, envelopeId);
    if (current.status !== "signing") return;
    await trx
      .updateTable("envelope")
      .set({
        status: "complete",
        completedAt,
        proofBlobKey: proofKey,
        updatedAt: new Date(deps.now()),
      })
      .where("id", "=", envelopeId)
      .execute();
    const context = await recipientMailContext(
      trx,
      deps,
      current,
      everyone.map((recipient) => recipient.email),
    );
    await enqueueMail(
      trx,
      deps.mailKey,
      completedMail({
        to: sender.email,
        language: sender.language,
        sender: { name: sender.name, email: sender.email },
        text: context.texts("completion", sender.language),
        title: envelope.title,
        link: `${deps.config.webUrl}/envelopes/${envelope.workspaceId}/${envelopeId}/view`,
        branding: context.branding,
      }),
      { teamId: envelope.teamId, envelopeId: envelope.id, replyTo: sender.email },
    );
    for (const recipient of everyone) {
      if (recipient.email === sender.email) continue;
      await enqueueMail(
        trx,
        deps.mailKey,
        completedMail({
          to: recipient.email,
          language: context.languageOf(recipient.email),
          sender: { name: sender.name, email: sender.email },
          text: context.texts("completion", context.languageOf(recipient.email)),
          title: envelope.title,
          link: await context.signingLink(recipient),
          copied: recipient.kind === "cc",
          branding: context.branding,
        }),
        { teamId: envelope.teamId, envelopeId: envelope.id, replyTo: sender.email },
      );
    }
  });
  deps.logger.info({ envelopeId, level }, "envelope sealed and complete");
}

/** The team's name and logo for the proof's cover; a logo that cannot be read is left out. */
async function proofBrand(
  deps: Pick<CompletionDeps, "db" | "config" | "blobStore">,
  teamId: string,
): Promise<NonNullable<ProofInput["brand"]>> {
  const branding = await signerBrandingOf(deps.db, deps.config, teamId);
  const row = await deps.db
    .selectFrom("teamBranding")
    .select(["logoKey", "logoContentType"])
    .where("teamId", "=", teamId)
    .executeTakeFirst();
  const type = row?.logoContentType;
  if (row?.logoKey == null || (type !== "image/png" && type !== "image/jpeg")) {
    return { name: branding.name };
  }
  const blob = await deps.blobStore.get(logoBlobKey(row.logoKey));
  return blob === null
    ? { name: branding.name }
    : { name: branding.name, logo: { bytes: new Uint8Array(blob.bytes), type } };
}
