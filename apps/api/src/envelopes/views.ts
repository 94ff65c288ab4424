import type {
  EnvelopeDetail,
  EnvelopeDocument,
  EnvelopeOptions,
  EnvelopeSummary,
  Field,
  Recipient,
} from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import type {
  Database,
  EnvelopeDocumentRow,
  EnvelopeRow,
  FieldRow,
  RecipientRow,
} from "../db/database";
import { displayName } from "../membership/members";
import { loadRetentionPolicy, retentionDeleteAt } from "./retention-dates";
import { settingsOf } from "./field-settings";
import { undeliveredMailsOf } from "../mail/undelivered";

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString());

export function toDocument(
  row: EnvelopeDocumentRow & { previewsReady?: number | string },
): EnvelopeDocument {
  return {
    uuid: row.id,
    filename: row.filename,
    pageCount: row.pageCount,
    pages: row.pages,
    sha256: row.sha256,
    ...(row.previewsReady === undefined
      ? {}
      : { previewsReady: Number(row.previewsReady), unreadablePages: row.unreadablePages }),
  };
}

/** A recipient's full name, as mails, events and the sealed document show it. */
export function recipientName(recipient: Pick<RecipientRow, "firstname" | "lastname">): string {
  return `${recipient.firstname} ${recipient.lastname}`.trim();
}

/** A recipient as a person of the activity log (name and email). */
export function personOf(recipient: RecipientRow): { name: string; email: string } {
  return { name: recipientName(recipient), email: recipient.email };
}

export function toRecipient(row: RecipientRow): Recipient {
  return {
    uuid: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    phone: row.phone,
    order: row.position,
    step: row.step,
    kind: row.kind,
    verification: row.verification,
    status: row.status,
    invitedAt: iso(row.invitedAt),
    signedAt: iso(row.signedAt),
    approvedAt: iso(row.approvedAt),
    viewedAt: iso(row.viewedAt),
    declinedAt: iso(row.declinedAt),
    declineReason: row.declineReason,
  };
}

export function toField(row: FieldRow): Field {
  return {
    uuid: row.id,
    documentUuid: row.documentId,
    page: row.page,
    x: row.x,
    y: row.y,
    width: row.width,
    height: row.height,
    kind: row.kind,
    recipientUuid: row.recipientId,
    required: row.required,
    label: row.label,
    settings: settingsOf(row),
  };
}

/** The sender shown to recipients: the team's name or the owner's, as the envelope's option says. */
export async function senderOf(
  db: Kysely<Database>,
  envelope: EnvelopeRow,
): Promise<{ name: string; email: string; language: "en" | "fr"; personalName: string }> {
  const owner = await db
    .selectFrom("appUser")
    .innerJoin("team", (join) => join.on("team.id", "=", envelope.teamId))
    .select([
      "appUser.email",
      "appUser.firstname",
      "appUser.lastname",
      "appUser.preferredLanguage",
      "team.name as teamName",
    ])
    .where("appUser.id", "=", envelope.ownerUserId)
    .executeTakeFirstOrThrow();
  const personalName = displayName(owner);
  return {
    name: envelope.senderName === "team" ? owner.teamName : personalName,
    email: owner.email,
    language: owner.preferredLanguage,
    personalName,
  };
}

/** Summaries of envelopes (list, dashboard), in the order given. */
export async function toSummaries(
  db: Kysely<Database>,
  envelopes: readonly EnvelopeRow[],
): Promise<EnvelopeSummary[]> {
  if (envelopes.length === 0) return [];
  const ids = envelopes.map((envelope) => envelope.id);
  const owners = await db
    .selectFrom("appUser")
    .select(["id", "email", "firstname", "lastname"])
    .where("id", "in", [...new Set(envelopes.map((envelope) => envelope.ownerUserId))])
    .execute();
  const counts = await db
    .selectFrom("recipient")
    .select((eb) => [
      "envelopeId",
      eb.fn.countAll<string>().filterWhere("kind", "=", "signer").as("signers"),
      eb.fn.countAll<string>().filterWhere("status", "=", "signed").as("signed"),
    ])
    .where("envelopeId", "in", ids)
    .groupBy("envelopeId")
    .execute();
  const firstDocuments = await db
    .selectFrom("envelopeDocument")
    .select(["envelopeId", "id"])
    .where("envelopeId", "in", ids)
    .where("position", "=", 0)
    .execute();
  const tags = await db
    .selectFrom("envelopeTag")
    .innerJoin("tag", "tag.id", "envelopeTag.tagId")
    .select(["envelopeTag.envelopeId", "tag.id", "tag.name", "tag.color"])
    .where("envelopeTag.envelopeId", "in", ids)
    .orderBy("tag.name")
    .execute();
  return envelopes.map((envelope) => {
    const owner = owners.find((row) => row.id === envelope.ownerUserId);
    const count = counts.find((row) => row.envelopeId === envelope.id);
    return {
      uuid: envelope.id,
      workspaceUuid: envelope.workspaceId,
      title: envelope.title,
      status: envelope.status,
      owner: {
        name: owner === undefined ? "" : displayName(owner),
        email: owner?.email ?? "",
      },
      signerCount: Number(count?.signers ?? 0),
      signedCount: Number(count?.signed ?? 0),
      firstDocumentUuid: firstDocuments.find((row) => row.envelopeId === envelope.id)?.id ?? null,
      tags: tags
        .filter((row) => row.envelopeId === envelope.id)
        .map((row) => ({ uuid: row.id, name: row.name, color: row.color })),
      createdAt: envelope.createdAt.toISOString(),
      updatedAt: envelope.updatedAt.toISOString(),
    };
  });
}

export async function loadDocuments(
  db: Kysely<Database>,
  envelopeId: string,
): Promise<(EnvelopeDocumentRow & { previewsReady: string })[]> {
  return db
    .selectFrom("envelopeDocument")
    .selectAll()
    .select((eb) =>
      eb
        .selectFrom("documentPreview")
        .select(eb.fn.countAll<string>().as("count"))
        .whereRef("documentPreview.documentId", "=", "envelopeDocument.id")
        .$castTo<string>()
        .as("previewsReady"),
    )
    .where("envelopeId", "=", envelopeId)
    .orderBy("position")
    .execute() as Promise<(EnvelopeDocumentRow & { previewsReady: string })[]>;
}

export async function loadRecipients(
  db: Kysely<Database>,
  envelopeId: string,
): Promise<RecipientRow[]> {
  return db
    .selectFrom("recipient")
    .selectAll()
    .where("envelopeId", "=", envelopeId)
    .orderBy("position")
    .execute();
}

export async function loadFields(db: Kysely<Database>, envelopeId: string): Promise<FieldRow[]> {
  return db
    .selectFrom("field")
    .selectAll()
    .where("envelopeId", "=", envelopeId)
    .orderBy("documentId")
    .orderBy("page")
    .orderBy("y")
    .orderBy("x")
    .execute();
}

/** The options of an envelope (or the defaults of a template), as the contract answers them. */
export function optionsOf(envelope: EnvelopeRow): EnvelopeOptions {
  return {
    signatureLevel: envelope.signatureLevel,
    senderName: envelope.senderName,
    message: envelope.message,
    initialsOnAllPages: envelope.initialsOnAllPages,
    allowDelegation: envelope.allowDelegation,
    expiresAt: iso(envelope.expiresAt),
    reminderDays: envelope.reminderDays,
    signingOrder: envelope.signingOrder,
  };
}

/** The whole envelope as the editor and the view read it. */
export async function loadDetail(
  { db }: { db: Kysely<Database> },
  envelopeId: string,
  callerEmail: string,
): Promise<EnvelopeDetail> {
  const envelope = await db
    .selectFrom("envelope")
    .selectAll()
    .where("id", "=", envelopeId)
    .executeTakeFirstOrThrow();
  const [summary] = await toSummaries(db, [envelope]);
  const documents = await loadDocuments(db, envelopeId);
  const recipients = await loadRecipients(db, envelopeId);
  const fields = await loadFields(db, envelopeId);
  if (summary === undefined) throw new Error("no summary");
  return {
    ...summary,
    documents: documents.map(toDocument),
    recipients: recipients.map(toRecipient),
    fields: fields.map(toField),
    options: optionsOf(envelope),
    sentAt: iso(envelope.sentAt),
    completedAt: iso(envelope.completedAt),
    canceledAt: iso(envelope.canceledAt),
    cancelReason: envelope.cancelReason,
    sealingFailedAt: iso(envelope.sealFailedAt),
    documentsDeleteAt: iso(
      retentionDeleteAt(
        await loadRetentionPolicy(db, envelope.teamId),
        envelope,
        recipients.map((recipient) => recipient.declinedAt),
      ),
    ),
    documentsDeletedAt: iso(envelope.documentsDeletedAt),
    undeliveredMails: await undeliveredMailsOf(db, envelopeId),
    callerRecipientUuid:
      recipients.find((recipient) => recipient.email === callerEmail.toLowerCase())?.id ??
      recipients.find((recipient) => recipient.email === callerEmail)?.id ??
      null,
  };
}
