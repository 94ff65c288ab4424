import type { Kysely } from "kysely";
import { smsCheckProblem } from "./sms-check";
import { aesAvailable, hasQesProvider } from "../config";
import { takeSignature } from "../billing/subscriptions";
import type { Database, EnvelopeRow } from "../db/database";
import { AppError } from "../errors/app-error";
import { appendEvent } from "./activity";
import type { EnvelopeDeps } from "./envelope-deps";
import { lockDraftFor } from "./envelope-store";
import { type Member } from "../membership/members";
import type { RequestOrigin } from "./request-origin";
import { startFirstStep } from "./signing-steps";
import { actingStatus, stepsFor } from "./turns";
import { drawPagesBeforeSending, refuseUnreadablePages } from "./unreadable-pages";
import { loadRecipients, personOf } from "./views";

/**
 * Sends a draft: at least one signer, each signer with at least one signature field (approvers
 * and copies have none), a title, an available signature level (SES; AES with a signer
 * certification authority, and then a check for every signer, `verification_required` otherwise;
 * QES with a qualified provider, its signers one after another, each in a step of their own,
 * `sequential_signers_required` otherwise: each signature covers the revision the previous made;
 * QES needs a provider that is not configured), an expiry in the future, and documents
 * whose every page can be drawn (CONFLICT `pages_unreadable` otherwise: no signer could read such a
 * page; pages not drawn yet are drawn first, for a few seconds at most, see
 * `drawPagesBeforeSending`). The first
 * signing step starts (`signing-steps.ts`): the envelope is `approving` when that step has
 * approvers (they act before its signers), else `signing`, and whoever acts first is invited, in
 * their language; later steps are invited as the earlier ones end.
 */
export async function sendEnvelope(
  deps: EnvelopeDeps,
  member: Member,
  envelopeId: string,
  origin: RequestOrigin,
): Promise<void> {
  await drawPagesBeforeSending(deps, envelopeId, member.userId);
  await deps.db.transaction().execute(async (trx) => {
    const envelope = await lockDraftFor(trx, member, envelopeId, "update", "status");
    await sendLockedDraft(deps, trx, member, envelope, origin);
  });
}

/**
 * Sends the draft `envelope`, locked by the caller and checked for `member` (see `sendEnvelope`),
 * inside the caller's transaction: a refusal throws before anything is written.
 */
export async function sendLockedDraft(
  deps: EnvelopeDeps,
  trx: Kysely<Database>,
  member: Member,
  envelope: EnvelopeRow,
  origin: RequestOrigin,
): Promise<void> {
  const recipients = await loadRecipients(trx, envelope.id);
  const fields = await trx
    .selectFrom("field")
    .select(["recipientId", "kind"])
    .where("envelopeId", "=", envelope.id)
    .execute();
  const problems: { path: string; code: string; message: string }[] = [];
  if (envelope.title.trim() === "")
    problems.push({ path: "title", code: "custom", message: "required" });
  if (recipients.length === 0) {
    problems.push({ path: "recipients", code: "custom", message: "required" });
  }
  if (recipients.length > 0 && !recipients.some((recipient) => recipient.kind === "signer")) {
    problems.push({ path: "recipients", code: "custom", message: "signer_required" });
  }
  const aes = envelope.signatureLevel === "AES" && aesAvailable(deps.config);
  recipients.forEach((recipient, index) => {
    if (recipient.kind !== "signer") return;
    // At AES a certificate names each signer: only once a check proved who they are.
    if (aes && recipient.verification === "none") {
      problems.push({
        path: `recipients.${index}.verification`,
        code: "custom",
        message: "verification_required",
      });
    }
    if (!fields.some((field) => field.recipientId === recipient.id && field.kind === "signature")) {
      problems.push({
        path: `recipients.${index}`,
        code: "custom",
        message: "signature_field_required",
      });
    }
    // A code by SMS needs a number (an envelope made from a template may lack it) and a provider.
    if (recipient.verification === "sms_code") {
      const problem = smsCheckProblem(deps.config, recipient.phone);
      if (problem !== null) {
        problems.push({
          path: `recipients.${index}.${problem === "sms_unavailable" ? "verification" : "phone"}`,
          code: "custom",
          message: problem,
        });
      }
    }
  });
  const qes = envelope.signatureLevel === "QES" && hasQesProvider(deps.config);
  if (qes) {
    // Each qualified signature is computed over the revision the previous signer left: signers
    // take turns, never two in one step.
    const steps = stepsFor(envelope.signingOrder, recipients);
    const seen = new Map<number, string>();
    recipients.forEach((recipient, index) => {
      if (recipient.kind !== "signer") return;
      const step = steps.get(recipient.id) ?? 1;
      if (seen.has(step)) {
        problems.push({
          path: `recipients.${index}.step`,
          code: "custom",
          message: "sequential_signers_required",
        });
      } else seen.set(step, recipient.email);
    });
  }
  const levelUnavailable = envelope.signatureLevel !== "SES" && !aes && !qes;
  if (levelUnavailable) {
    problems.push({
      path: "options.signatureLevel",
      code: "custom",
      message: "level_unavailable",
    });
  }
  if (envelope.expiresAt !== null && envelope.expiresAt.getTime() <= deps.now()) {
    problems.push({ path: "options.expiresAt", code: "custom", message: "in_past" });
  }
  if (problems.length > 0) {
    throw new AppError("VALIDATION_ERROR", {
      message: levelUnavailable
        ? envelope.signatureLevel === "AES"
          ? "The AES level needs a signer certification authority, and none is configured."
          : "The QES level needs a qualified trust service provider, and none is configured."
        : problems.some((problem) => problem.message === "verification_required")
          ? "At the AES level every signer must pass a check before signing."
          : problems.some((problem) => problem.message === "sequential_signers_required")
            ? "At the QES level signers sign one after another: each signer needs a step of their own."
            : "The envelope is not ready to be sent.",
      suggestion: levelUnavailable
        ? envelope.signatureLevel === "QES"
          ? "Choose the simple (SES) level, or configure a qualified trust service provider (CSC_BASE_URL, CSC_CLIENT_ID, CSC_CLIENT_SECRET)."
          : "Choose the simple (SES) level, or configure a signer certification authority."
        : problems.some((problem) => problem.message === "verification_required")
          ? "Choose a check before signing for every signer, or the simple (SES) level."
          : problems.some((problem) => problem.message === "sequential_signers_required")
            ? "Choose the sequential signing order, or put each signer in a step of their own."
            : "Complete the fields listed in the error and send again.",
      fields: problems,
    });
  }
  refuseUnreadablePages(
    await trx
      .selectFrom("envelopeDocument")
      .select(["position", "filename", "unreadablePages"])
      .where("envelopeId", "=", envelope.id)
      .orderBy("position")
      .execute(),
  );
  const at = new Date(deps.now());
  // One electronic signature of the plan per envelope sent (SIGNATURE_LIMIT_REACHED otherwise).
  await takeSignature(
    trx,
    deps.config,
    member.teamId,
    member.userId,
    { envelopeId: envelope.id },
    at,
  );
  await trx
    .updateTable("envelope")
    .set({ status: actingStatus(envelope, recipients), sentAt: at, updatedAt: at })
    .where("id", "=", envelope.id)
    .execute();
  await trx
    .updateTable("recipient")
    .set({ linkCreatedAt: at })
    .where("envelopeId", "=", envelope.id)
    .execute();
  const copies = recipients.filter((recipient) => recipient.kind === "cc");
  await appendEvent(trx, deps.activityKey, envelope.id, {
    type: "envelopeSent",
    at: at.toISOString(),
    actor: { name: member.name, email: member.email },
    ip: origin.ip,
    userAgent: origin.userAgent,
    data: {
      // Those who act; the copies apart (they receive the result on completion).
      recipients: recipients.filter((recipient) => recipient.kind !== "cc").map(personOf),
      ...(copies.length === 0 ? {} : { copied: copies.map(personOf) }),
    },
  }); // The first step starts: its recipients are invited.
  await startFirstStep(deps, trx, envelope, recipients, at);
}
