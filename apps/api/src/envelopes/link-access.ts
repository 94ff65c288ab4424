import { type AccessLink } from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import type { Database, EnvelopeRow, RecipientRow } from "../db/database";
import { AppError } from "../errors/app-error";
import { isLinkSecretValid, isLinkTokenOf, LINK_AFTER_END_MS, linkTokenHash } from "./access-links";
import { isPastExpiry } from "./deadlines";
import type { EnvelopeDeps } from "./envelope-deps";
import { loadEnvelopeRow } from "./envelope-store";

const invalidLink = (): AppError => new AppError("ACCESS_LINK_INVALID");

/** The link of a signer who handed their turn to someone else (`delegate-envelope.ts`). */
const delegatedLink = (): AppError =>
  new AppError("ACCESS_LINK_INVALID", {
    message: "This link was delegated: its signer handed their turn to someone else.",
    suggestion: "The person it was delegated to received their own link.",
    reason: "link_delegated",
  });

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
 * ACCESS_LINK_INVALID; a replaced link (a resent invitation) ACCESS_LINK_INVALID, with the detail
 * `link_delegated` when its signer delegated their turn; a token of another
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
    if (envelope !== undefined && envelope.status !== "draft") {
      const delegated = await db
        .selectFrom("recipientDelegation")
        .select("id")
        .where("oldLinkTokenHash", "=", linkTokenHash(link.token))
        .where("envelopeId", "=", link.envelopeUuid)
        .executeTakeFirst();
      if (delegated !== undefined) throw delegatedLink();
      throw invalidLink();
    }
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

/**
 * Whether the recipient acts on the envelope now (the signing page shows the document): a pending
 * signer of an envelope being signed, or a pending approver of one being approved, in their turn,
 * before its expiry.
 */
export function canAct(envelope: EnvelopeRow, recipient: RecipientRow, turn: boolean, now: number) {
  const open = recipient.kind === "approver" ? "approving" : "signing";
  return (
    envelope.status === open &&
    recipient.status === "pending" &&
    turn &&
    !isPastExpiry(envelope, now)
  );
}
