import { signerBrandingOf } from "../branding/team-branding";
import type { cancelEnvelopeRequestSchema } from "@paraphe/api-sdk/contract";
import type { z } from "zod";
import { AppError } from "../errors/app-error";
import { enqueueMail } from "../mail/outbox";
import { appendEvent } from "./activity";
import type { EnvelopeDeps } from "./envelope-deps";
import { lockEnvelopeFor } from "./envelope-store";
import { mailLanguages } from "./languages";
import { canceledMail } from "./mails";
import { type Member } from "../membership/members";
import type { RequestOrigin } from "./request-origin";
import { loadRecipients, personOf, senderOf } from "./views";

const conflict = (message: string, reason: string, suggestion?: string): AppError =>
  new AppError("CONFLICT", {
    message,
    reason,
    ...(suggestion === undefined ? {} : { suggestion }),
  });

/** Cancels an envelope being signed; recipients who were invited are mailed. */
export async function cancelEnvelope(
  deps: EnvelopeDeps,
  member: Member,
  envelopeId: string,
  input: Pick<z.infer<typeof cancelEnvelopeRequestSchema>, "reason">,
  origin: RequestOrigin,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const envelope = await lockEnvelopeFor(trx, member, envelopeId, "update", "status");
    if (envelope.status !== "signing" && envelope.status !== "approving") {
      throw conflict(
        envelope.status === "complete"
          ? "This envelope is complete: everyone signed, it can no longer be canceled."
          : `Only an envelope being signed can be canceled; this one is ${envelope.status}.`,
        envelope.status === "complete" ? "envelope_complete" : "envelope_not_open",
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
    const branding = await signerBrandingOf(trx, deps.config, envelope.teamId);
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
          branding,
        }),
        { teamId: envelope.teamId, envelopeId: envelope.id, replyTo: sender.email },
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
