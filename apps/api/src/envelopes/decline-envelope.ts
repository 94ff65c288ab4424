import { type AccessLink } from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import type { Database, EnvelopeRow, RecipientRow } from "../db/database";
import { AppError } from "../errors/app-error";
import { enqueueMail } from "../mail/outbox";
import { signerBrandingOf } from "../branding/team-branding";
import { teamMailTextsOf } from "../mail-texts/mail-text-store";
import { appendEvent } from "./activity";
import type { EnvelopeDeps } from "./envelope-deps";
import { mailLanguages } from "./languages";
import { declinedMail } from "./mails";
import { type RequestOrigin } from "./request-origin";
import { loadRecipients, personOf, senderOf } from "./views";
import { verifyAccessLink } from "./link-access";
import { conflict } from "./command-errors";

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
  const branding = await signerBrandingOf(trx, deps.config, envelope.teamId);
  const texts = await teamMailTextsOf(trx, envelope.teamId);
  for (const email of new Set(emails)) {
    const language = languages.get(email) ?? sender.language;
    await enqueueMail(
      trx,
      deps.mailKey,
      declinedMail({
        to: email,
        language,
        senderName: sender.name,
        branding,
        text: texts("decline", language),
        name: personOf(recipient).name,
        email: recipient.email,
        title: envelope.title,
        reason,
        rejected: recipient.kind === "approver",
      }),
      { teamId: envelope.teamId, envelopeId: envelope.id, replyTo: sender.email },
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
