import type { Database } from "../db/database";
import type { Kysely } from "kysely";
import { AppError } from "../errors/app-error";
import { rotateLink } from "./access-links";
import { isPastExpiry } from "./deadlines";
import type { EnvelopeDeps } from "./envelope-deps";
import { inviteRecipient } from "./invitations";
import { requireEnvelopeRow } from "./envelope-store";

const conflict = (message: string, reason: string): AppError =>
  new AppError("CONFLICT", { message, suggestion: "Reload the envelope.", reason });

/**
 * POST /envelope/resend-invitation: mails a recipient a new signing link and revokes the previous
 * one (the link version moves on, so the old token no longer matches). Only on an envelope being
 * signed (or approved) and not past its expiry, for a recipient who was invited (in sequential order: whose turn
 * it is) and has neither signed nor declined. The caller checked the member may update the envelope.
 */
export async function resendInvitation(
  deps: EnvelopeDeps,
  envelopeId: string,
  recipientId: string,
): Promise<void> {
  await deps.db.transaction().execute(async (trx: Kysely<Database>) => {
    const envelope = await requireEnvelopeRow(trx, envelopeId);
    const open = envelope.status === "signing" || envelope.status === "approving";
    if (!open || isPastExpiry(envelope, deps.now())) {
      throw conflict(
        `Only an envelope being signed or approved can have its invitations sent again; this one is ${
          open ? "expired" : envelope.status
        }.`,
        open ? "envelope_expired" : "envelope_not_open",
      );
    }
    const recipient = await trx
      .selectFrom("recipient")
      .selectAll()
      .where("id", "=", recipientId)
      .where("envelopeId", "=", envelope.id)
      .executeTakeFirst();
    if (recipient === undefined) {
      throw new AppError("NOT_FOUND", {
        message: "This recipient is not on the envelope.",
        suggestion: "Reload the envelope and choose one of its recipients.",
      });
    }
    if (recipient.status !== "pending") {
      throw conflict(
        `This recipient can no longer be invited: their request is ${recipient.status}.`,
        "recipient_done",
      );
    }
    if (recipient.invitedAt === null) {
      throw conflict(
        "This recipient has not been invited yet: they are invited when it is their turn to sign.",
        "not_invited_yet",
      );
    }
    await rotateLink(trx, deps.linkKey, recipient);
    await inviteRecipient(
      deps,
      trx,
      envelope,
      {
        id: recipient.id,
        email: recipient.email,
        linkVersion: recipient.linkVersion + 1,
        kind: recipient.kind,
      },
      new Date(deps.now()),
    );
  });
}
