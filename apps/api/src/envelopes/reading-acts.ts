import type { AccessLink } from "@paraphe/api-sdk/contract";
import type { EnvelopeRow, RecipientRow } from "../db/database";
import { AppError } from "../errors/app-error";
import { enqueueJob } from "../jobs/queue";
import { appendEvent } from "./activity";
import type { EnvelopeDeps } from "./envelope-deps";
import { sealEnvelopeJob } from "./job-definitions";
import { verifyAccessLink } from "./link-access";
import { requireEveryPageRead } from "./page-reads";
import type { RequestOrigin } from "./request-origin";
import { advanceSteps } from "./signing-steps";
import { actingStatus, isTurn } from "./turns";
import { loadDocuments, loadRecipients, personOf } from "./views";

const conflict = (message: string): AppError =>
  new AppError("CONFLICT", { message, suggestion: "Reload the page." });

/**
 * An act of a recipient who reads and does not sign: an approver's approval, a viewer's "read".
 * Each says who may do it, in which envelope status, and how its refusals and record read.
 */
export interface ReadingAct {
  /** Throws FORBIDDEN unless the recipient is of the kind that does this act. */
  requireKind: (recipient: RecipientRow) => void;
  /** The recipient's status once done, and the time column it is recorded in. */
  done: { status: "approved"; at: "approvedAt" } | { status: "viewed"; at: "viewedAt" };
  /** The envelope's status in which the act is possible. */
  envelopeStatus: "approving" | "signing";
  /** The activity event (and so the webhook event) it records. */
  event: "documentApproved" | "documentViewed";
  /** `requireEveryPageRead`'s word for it. */
  action: "approve" | "read";
  messages: {
    already: string;
    closedFor: (recipientStatus: string) => string;
    closed: (envelopeStatus: string) => string;
    notYourTurn: string;
  };
}

/**
 * Records `act` for the recipient of `link`. Refused unless the link is valid, the recipient is of
 * the act's kind and has not acted, the envelope is in the act's status, it is their turn (every
 * earlier step ended, `turns.ts`) and they read every page of every document. Under the
 * envelope's lock, so a double submission counts once (the second answers CONFLICT). The status
 * goes first (the webhook event carries the status the act leads to), then the event, then the
 * step ends and the next starts (`signing-steps.ts`); once everyone has acted, the envelope is
 * sealed.
 */
export async function recordReadingAct(
  deps: EnvelopeDeps,
  link: AccessLink,
  origin: RequestOrigin,
  act: ReadingAct,
): Promise<{ recipientStatus: RecipientRow["status"]; envelopeStatus: EnvelopeRow["status"] }> {
  let sealing = false;
  const result = await deps.db.transaction().execute(async (trx) => {
    const { envelope, recipient } = await verifyAccessLink(deps, trx, link, {
      lock: true,
      purpose: "sign",
    });
    act.requireKind(recipient);
    if (recipient.status === act.done.status) throw conflict(act.messages.already);
    if (recipient.status !== "pending") throw conflict(act.messages.closedFor(recipient.status));
    if (envelope.status !== act.envelopeStatus)
      throw conflict(act.messages.closed(envelope.status));
    const recipients = await loadRecipients(trx, envelope.id);
    if (!isTurn(envelope, recipient, recipients)) throw conflict(act.messages.notYourTurn);
    const documents = await loadDocuments(trx, envelope.id);
    await requireEveryPageRead(trx, recipient.id, documents, act.action);

    const at = new Date(deps.now());
    await trx
      .updateTable("recipient")
      .set({ status: act.done.status, [act.done.at]: at })
      .where("id", "=", recipient.id)
      .execute();
    const after = recipients.map((row) =>
      row.id === recipient.id ? { ...row, status: act.done.status } : row,
    );
    const status = actingStatus(envelope, after);
    await trx
      .updateTable("envelope")
      .set({ status, updatedAt: at })
      .where("id", "=", envelope.id)
      .execute();
    await appendEvent(trx, deps.activityKey, envelope.id, {
      type: act.event,
      at: at.toISOString(),
      actor: personOf(recipient),
      ip: origin.ip,
      userAgent: origin.userAgent,
      data: documents[0] === undefined ? {} : { documentSha256: documents[0].sha256 },
    });
    const { completed } = await advanceSteps(
      deps,
      trx,
      { ...envelope, status },
      recipients,
      after,
      at,
    );
    if (completed) {
      await enqueueJob(
        trx,
        sealEnvelopeJob,
        { envelopeId: envelope.id },
        { dedupeKey: `seal-envelope:${envelope.id}` },
      );
      sealing = true;
    }
    return { recipientStatus: act.done.status, envelopeStatus: status };
  });
  if (sealing) deps.wakeJobs();
  return result;
}
