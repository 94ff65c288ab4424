import type { AccessLink } from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import type { Database, RecipientRow } from "../db/database";
import { AppError } from "../errors/app-error";
import { signerBrandingOf } from "../branding/team-branding";
import { enqueueMail } from "../mail/outbox";
import { linkToken, linkTokenHash } from "./access-links";
import { appendEvent } from "./activity";
import type { EnvelopeDeps } from "./envelope-deps";
import { inviteRecipient } from "./invitations";
import { verifyAccessLink } from "./link-access";
import { delegatedMail } from "./mails";
import type { RequestOrigin } from "./request-origin";
import { loadRecipients, personOf, senderOf } from "./views";

export interface DelegationInput extends AccessLink {
  firstname: string;
  lastname: string;
  /** Lower case (the contract's email schema). */
  email: string;
  reason: string;
}

const invalid = (path: string, word: string, message: string): AppError =>
  new AppError("VALIDATION_ERROR", { message, fields: [{ path, code: "custom", message: word }] });

/**
 * POST /envelope/delegate: a signer hands their turn to someone else, when the envelope allows it
 * (`allowDelegation`, FORBIDDEN otherwise, and for approvers, viewers and copies). Refused once
 * they have signed or declined (CONFLICT), to their own address (`delegate_to_self`) and to an
 * address already among the envelope's recipients (`already_recipient`).
 *
 * The recipient row takes the new person's identity: same step, same fields, a new link (the next
 * version, so the signer's link stops at once and answers ACCESS_LINK_INVALID `link_delegated`);
 * what the signer had read, opened or verified goes, for the new person to do it themselves. The
 * delegation is kept (`recipient_delegation`: who, to whom, why, the stopped link's hash),
 * recorded in the activity chain (`signerDelegated`, webhook `envelope.delegated`), the new person
 * is invited when the turn was already the signer's (they had been invited), and the sender is
 * mailed. Under the envelope's lock, in one transaction.
 */
export async function delegateEnvelope(
  deps: EnvelopeDeps,
  input: DelegationInput,
  origin: RequestOrigin,
): Promise<{ delegated: true; to: { firstname: string; lastname: string; email: string } }> {
  const result = await deps.db.transaction().execute(async (trx) => {
    const { envelope, recipient } = await verifyAccessLink(deps, trx, input, {
      lock: true,
      purpose: "sign",
    });
    if (!envelope.allowDelegation) {
      throw new AppError("FORBIDDEN", {
        message: "The sender of this document does not allow handing your turn to someone else.",
        suggestion: "Sign or decline the document, or ask the sender.",
      });
    }
    if (recipient.kind !== "signer") {
      throw new AppError("FORBIDDEN", {
        message: "Only a signer can hand their turn to someone else.",
        suggestion: "Act on the document yourself, or ask the sender.",
      });
    }
    if (recipient.status !== "pending") {
      throw new AppError("CONFLICT", {
        message: `You can no longer hand your turn to someone else: your request is ${recipient.status}.`,
        suggestion: "Reload the page.",
        reason: "already_acted",
      });
    }
    if (input.email === recipient.email.toLowerCase()) {
      throw invalid(
        "email",
        "delegate_to_self",
        "Hand your turn to someone else: this is your own address.",
      );
    }
    const recipients = await loadRecipients(trx, envelope.id);
    if (recipients.some((other) => other.email.toLowerCase() === input.email)) {
      throw invalid(
        "email",
        "already_recipient",
        "This person is already a recipient of the document: hand your turn to someone who is not.",
      );
    }

    const at = new Date(deps.now());
    const version = recipient.linkVersion + 1;
    const delegate: RecipientRow = {
      ...recipient,
      email: input.email,
      firstname: input.firstname,
      lastname: input.lastname,
      phone: null,
      linkVersion: version,
      linkTokenHash: linkTokenHash(linkToken(deps.linkKey, recipient.id, version)),
      linkCreatedAt: at,
      invitedAt: null,
      lastRemindedAt: null,
      openedAt: null,
      verifiedAt: null,
    };
    await trx
      .updateTable("recipient")
      .set({
        email: delegate.email,
        firstname: delegate.firstname,
        lastname: delegate.lastname,
        phone: null,
        linkVersion: delegate.linkVersion,
        linkTokenHash: delegate.linkTokenHash,
        linkCreatedAt: at,
        invitedAt: null,
        lastRemindedAt: null,
        openedAt: null,
        verifiedAt: null,
      })
      .where("id", "=", recipient.id)
      .execute();
    // The new person reads (and, when asked, proves their address) for themselves.
    await trx.deleteFrom("recipientPageView").where("recipientId", "=", recipient.id).execute();
    await trx
      .deleteFrom("recipientVerificationCode")
      .where("recipientId", "=", recipient.id)
      .execute();
    // A sign-in at the qualified provider started by the one who delegated is theirs, not the
    // new person's.
    await trx.deleteFrom("qesAuthorization").where("recipientId", "=", recipient.id).execute();
    await trx
      .insertInto("recipientDelegation")
      .values({
        envelopeId: envelope.id,
        recipientId: recipient.id,
        oldLinkTokenHash: recipient.linkTokenHash,
        fromEmail: recipient.email,
        fromFirstname: recipient.firstname,
        fromLastname: recipient.lastname,
        toEmail: delegate.email,
        toFirstname: delegate.firstname,
        toLastname: delegate.lastname,
        reason: input.reason,
        delegatedAt: at,
      })
      .execute();
    await appendEvent(trx, deps.activityKey, envelope.id, {
      type: "signerDelegated",
      at: at.toISOString(),
      actor: personOf(recipient),
      ip: origin.ip,
      userAgent: origin.userAgent,
      data: { to: personOf(delegate), reason: input.reason },
    });
    if (recipient.invitedAt !== null) {
      await inviteRecipient(deps, trx, envelope, delegate, at);
    }
    await mailSender(deps, trx, envelope, recipient, delegate, input.reason);
    return {
      delegated: true as const,
      to: { firstname: delegate.firstname, lastname: delegate.lastname, email: delegate.email },
    };
  });
  deps.wakeJobs();
  return result;
}

async function mailSender(
  deps: EnvelopeDeps,
  trx: Kysely<Database>,
  envelope: Parameters<typeof senderOf>[1],
  from: RecipientRow,
  to: RecipientRow,
  reason: string,
): Promise<void> {
  const sender = await senderOf(trx, envelope);
  const person = (row: RecipientRow) => {
    const { name, email } = personOf(row);
    return name === "" ? email : `${name} (${email})`;
  };
  await enqueueMail(
    trx,
    deps.mailKey,
    delegatedMail({
      to: sender.email,
      language: sender.language,
      title: envelope.title,
      from: person(from),
      delegate: person(to),
      reason,
      link: `${deps.config.webUrl}/envelopes/${envelope.workspaceId}/${envelope.id}/view`,
      branding: await signerBrandingOf(trx, deps.config, envelope.teamId),
    }),
    { teamId: envelope.teamId, envelopeId: envelope.id, replyTo: sender.email },
  );
}
