import { EXPIRED_CANCEL_REASON } from "@paraphe/api-sdk/contract";
import { sql, type Kysely } from "kysely";
import type { Config } from "../config";
import type { Database, EnvelopeRow, RecipientRow } from "../db/database";
import { scheduleRecurringJob } from "../jobs/queue";
import { envelopeDeadlinesJob } from "./job-definitions";
import type { Logger } from "../logger";
import { signerBrandingOf } from "../branding/team-branding";
import { enqueueMail } from "../mail/outbox";
import { appendEvent } from "./activity";
import { recipientMailContext } from "./invitations";
import { expiredMail, reminderMail } from "./mails";
import { loadRecipients, personOf, recipientName, senderOf } from "./views";
import { requireEnvelopeRow } from "./envelope-store";
import { isTurn } from "./turns";

export { EXPIRED_CANCEL_REASON };

/** How often the envelope-deadlines job runs (its time slots). */
export const DEADLINE_PASS_INTERVAL_MS = 10 * 60_000;

/** Envelopes (or recipients) handled by one pass at most; the next pass takes the rest. */
const BATCH = 500;

const DAY_MS = 24 * 60 * 60_000;

export interface DeadlineDeps {
  db: Kysely<Database>;
  config: Config;
  logger: Logger;
  linkKey: Buffer;
  mailKey: Buffer;
  activityKey: Buffer;
  /** Milliseconds since the epoch: the clock deadlines are measured against. */
  now: () => number;
}

/** Whether an envelope's expiry date has passed. */
export function isPastExpiry(envelope: Pick<EnvelopeRow, "expiresAt">, now: number): boolean {
  return envelope.expiresAt !== null && envelope.expiresAt.getTime() <= now;
}

/**
 * Schedules the envelope-deadlines job of a time slot of `intervalMs` (by this machine's wall
 * clock): the current slot's, due now (`"now"`, at start), or the next slot's, due when it begins
 * (`"next"`, after each run). The dedupe key names the slot, so api replicas that schedule the
 * same slot share one open job, and their chains of runs merge.
 */
export async function scheduleDeadlinePass(
  db: Kysely<Database>,
  when: "now" | "next",
  intervalMs = DEADLINE_PASS_INTERVAL_MS,
): Promise<void> {
  await scheduleRecurringJob(db, envelopeDeadlinesJob, intervalMs, when, Date.now());
}

/**
 * One pass of the envelope-deadlines job: first expiry (an envelope being signed whose expiry
 * passed is canceled), then reminders. Both are idempotent and safe to run on several replicas at
 * once. A failing envelope is logged and the others still handled; the pass then throws, so the
 * job is retried.
 */
export async function runDeadlinePass(
  deps: DeadlineDeps,
): Promise<{ expired: number; reminded: number }> {
  const failures: unknown[] = [];
  const expired = await expireEnvelopes(deps, failures);
  const reminded = await sendReminders(deps, failures);
  if (expired > 0 || reminded > 0) deps.logger.info({ expired, reminded }, "envelope deadlines");
  if (failures.length > 0) {
    throw new AggregateError(
      failures,
      `${failures.length} envelope(s) failed in the deadline pass`,
    );
  }
  return { expired, reminded };
}

/**
 * Cancels every envelope being signed or approved whose expiry date passed while a recipient still
 * had to act (when everyone signed in time, sealing completes it instead): status canceled with the reason
 * `expired`, pending recipients canceled, the envelopeCanceled event chained (actor: the
 * platform), and a mail to the sender in their language. Returns how many it canceled.
 */
export async function expireEnvelopes(
  deps: DeadlineDeps,
  failures: unknown[] = [],
): Promise<number> {
  const at = new Date(deps.now());
  const due = await deps.db
    .selectFrom("envelope")
    .select("envelope.id")
    .where("envelope.status", "in", ["signing", "approving"])
    .where("envelope.expiresAt", "<=", at)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("recipient")
          .select("recipient.id")
          .whereRef("recipient.envelopeId", "=", "envelope.id")
          .where("recipient.status", "=", "pending"),
      ),
    )
    .orderBy("envelope.expiresAt")
    .limit(BATCH)
    .execute();
  let count = 0;
  for (const { id } of due) {
    try {
      if (await expireEnvelope(deps, id, at)) count++;
    } catch (error) {
      deps.logger.error({ err: error, envelopeId: id }, "could not expire the envelope");
      failures.push(error);
    }
  }
  return count;
}

async function expireEnvelope(deps: DeadlineDeps, envelopeId: string, at: Date): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const envelope = await requireEnvelopeRow(trx, envelopeId);
    // Read again under the lock: another replica, a signature or a cancel may have come first.
    const open = envelope.status === "signing" || envelope.status === "approving";
    if (!open || envelope.expiresAt === null) return false;
    if (!isPastExpiry(envelope, at.getTime())) return false;
    const recipients = await loadRecipients(trx, envelopeId);
    if (!recipients.some((recipient) => recipient.status === "pending")) return false;

    await trx
      .updateTable("envelope")
      .set({
        status: "canceled",
        canceledAt: at,
        cancelReason: EXPIRED_CANCEL_REASON,
        updatedAt: at,
      })
      .where("id", "=", envelopeId)
      .execute();
    await trx
      .updateTable("recipient")
      .set({ status: "canceled" })
      .where("envelopeId", "=", envelopeId)
      .where("status", "=", "pending")
      .execute();
    const sender = await senderOf(trx, envelope);
    await enqueueMail(
      trx,
      deps.mailKey,
      expiredMail({
        to: sender.email,
        language: sender.language,
        title: envelope.title,
        expiresAt: envelope.expiresAt,
        branding: await signerBrandingOf(trx, deps.config, envelope.teamId),
        link: `${deps.config.webUrl}/envelopes/${envelope.workspaceId}/${envelopeId}/view`,
      }),
      { teamId: envelope.teamId, envelopeId: envelope.id, replyTo: sender.email },
    );
    await appendEvent(trx, deps.activityKey, envelopeId, {
      type: "envelopeCanceled",
      at: at.toISOString(),
      actor: null,
      ip: null,
      userAgent: null,
      data: {
        reason: EXPIRED_CANCEL_REASON,
        recipients: recipients.filter((recipient) => recipient.invitedAt !== null).map(personOf),
      },
    });
    return true;
  });
}

/**
 * The recipients a reminder is due to now: in an envelope being approved or signed, not expired,
 * with `reminderDays` set; still pending and invited; whose turn it is (the current signing
 * step's approvers while it is approved, then its signers, `turns.ts`); and whose invitation or
 * last reminder is at least `reminderDays` days old.
 */
function dueRecipients(recipients: readonly RecipientRow[], envelope: EnvelopeRow, now: number) {
  const open = envelope.status === "signing" || envelope.status === "approving";
  if (!open || envelope.reminderDays === null) return [];
  if (isPastExpiry(envelope, now)) return [];
  const period = envelope.reminderDays * DAY_MS;
  const acting = envelope.status === "approving" ? "approver" : "signer";
  return recipients.filter((recipient) => {
    if (recipient.kind !== acting) return false;
    if (recipient.status !== "pending" || recipient.invitedAt === null) return false;
    if (!isTurn(envelope, recipient, recipients)) return false;
    const since = recipient.lastRemindedAt ?? recipient.invitedAt;
    return since.getTime() + period <= now;
  });
}

/**
 * Mails a reminder to every recipient it is due to (see `dueRecipients`), in their language, with
 * the invitation's signing link. Per envelope, under its row lock, each reminder's outbox row and
 * the recipient's `last_reminded_at` are written in one transaction, so a recipient is reminded
 * once per period however many replicas run the pass. Returns how many reminders it queued.
 */
export async function sendReminders(deps: DeadlineDeps, failures: unknown[] = []): Promise<number> {
  const at = new Date(deps.now());
  const candidates = await deps.db
    .selectFrom("recipient")
    .innerJoin("envelope", "envelope.id", "recipient.envelopeId")
    .select("envelope.id")
    .distinct()
    .where("envelope.status", "in", ["signing", "approving"])
    .where("envelope.reminderDays", "is not", null)
    .where((eb) => eb.or([eb("envelope.expiresAt", "is", null), eb("envelope.expiresAt", ">", at)]))
    .where("recipient.status", "=", "pending")
    .where("recipient.invitedAt", "is not", null)
    .where(
      sql<boolean>`coalesce(recipient.last_reminded_at, recipient.invited_at)
        + envelope.reminder_days * interval '1 day' <= ${at.toISOString()}::timestamptz`,
    )
    .limit(BATCH)
    .execute();
  let count = 0;
  for (const { id } of candidates) {
    try {
      count += await remindEnvelope(deps, id, at);
    } catch (error) {
      deps.logger.error({ err: error, envelopeId: id }, "could not send the reminders");
      failures.push(error);
    }
  }
  return count;
}

async function remindEnvelope(deps: DeadlineDeps, envelopeId: string, at: Date): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const envelope = await requireEnvelopeRow(trx, envelopeId);
    // Read under the envelope's lock: a replica that reminded first has committed its marks.
    const due = dueRecipients(await loadRecipients(trx, envelopeId), envelope, at.getTime());
    if (due.length === 0) return 0;
    const context = await recipientMailContext(
      trx,
      deps,
      envelope,
      due.map((recipient) => recipient.email),
    );
    for (const recipient of due) {
      await trx
        .updateTable("recipient")
        .set({ lastRemindedAt: at })
        .where("id", "=", recipient.id)
        .execute();
      await enqueueMail(
        trx,
        deps.mailKey,
        reminderMail({
          to: recipient.email,
          language: context.languageOf(recipient.email),
          recipientName: recipientName(recipient),
          text: context.texts("reminder", context.languageOf(recipient.email)),
          sender: { name: context.sender.name, email: context.sender.email },
          title: envelope.title,
          expiresAt: envelope.expiresAt,
          // Only approvers and signers are due reminders (`dueRecipients`).
          kind: recipient.kind === "cc" ? "signer" : recipient.kind,
          link: await context.signingLink(recipient),
          branding: context.branding,
        }),
        { teamId: envelope.teamId, envelopeId: envelope.id, replyTo: context.sender.email },
      );
    }
    return due.length;
  });
}
