import { createHmac, hkdfSync, randomInt, timingSafeEqual } from "node:crypto";
import { type AccessLink, VERIFICATION_CODE_LENGTH } from "@paraphe/api-sdk/contract";
import { sql } from "kysely";
import type { RecipientRow } from "../db/database";
import { AppError } from "../errors/app-error";
import { codeRefusal } from "../identity/code-refusal";
import { hitRateLimit, type RateLimit } from "../identity/rate-limit";
import { enqueueMail } from "../mail/outbox";
import { appendEvent } from "./activity";
import type { EnvelopeDeps } from "./envelope-deps";
import { mailLanguages } from "./languages";
import { canAct, verifyAccessLink, type LinkAccess } from "./link-access";
import type { RequestOrigin } from "./request-origin";
import { isTurn } from "./turns";
import { verificationCodeMail } from "./verification-code-mail";
import { loadRecipients, personOf, senderOf } from "./views";

/** A signer's verification code is valid for 10 minutes. */
export const VERIFICATION_CODE_TTL_MS = 10 * 60_000;
/** After this many wrong tries a code is dead: the signer asks for a new one. */
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;

const CODES_ASKED =
  "Too many verification codes were asked for. Wait a little before asking again.";

/**
 * Codes mailed to one recipient (one signing link): 5 per 15 minutes. With at most 5 tries per
 * code, someone holding the link alone makes at most 25 guesses of a million per 15 minutes.
 */
export const VERIFICATION_CODES_PER_RECIPIENT: RateLimit = {
  limit: 5,
  windowMs: 15 * 60_000,
  message: CODES_ASKED,
};
/**
 * Codes mailed to one address, whatever the envelopes: 20 per hour, so that many envelopes sent
 * to one person cannot be used to flood their inbox.
 */
export const VERIFICATION_CODES_PER_ADDRESS: RateLimit = {
  limit: 20,
  windowMs: 60 * 60_000,
  message: CODES_ASKED,
};

const hashKeys = new WeakMap<Buffer, Buffer>();

/**
 * HMAC-SHA-256 of the recipient, the address and the code under a key derived from the link key
 * (itself derived from the master key): the database alone does not let anyone test codes offline,
 * and a code only ever matches the recipient (so the envelope) it was sent for.
 */
function hashVerificationCode(
  linkKey: Buffer,
  recipientId: string,
  email: string,
  code: string,
): Buffer {
  let key = hashKeys.get(linkKey);
  if (key === undefined) {
    key = Buffer.from(
      hkdfSync("sha256", linkKey, new Uint8Array(0), "paraphe/api signer verification code v1", 32),
    );
    hashKeys.set(linkKey, key);
  }
  return createHmac("sha256", key).update(`${recipientId}\n${email}\n${code}`, "utf8").digest();
}

/** A fresh code of VERIFICATION_CODE_LENGTH digits (uniform, crypto.randomInt). */
export function generateVerificationCode(): string {
  let code = "";
  for (let i = 0; i < VERIFICATION_CODE_LENGTH; i++) code += String(randomInt(10));
  return code;
}

/** `jane@example.com` as `j•••@example.com`: enough for the signer to recognise their address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "•••";
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/** CONFLICT with a reason the signing app translates. */
const refusedConflict = (message: string, reason: string): AppError =>
  new AppError("CONFLICT", { message, suggestion: "Reload the page.", reason });

/** Whether the recipient must still pass a check before signing. */
export function needsVerification(recipient: RecipientRow): boolean {
  return recipient.verification !== "none" && recipient.verifiedAt === null;
}

/**
 * The signer may ask for or check a code: a signer of an envelope being signed, still pending, whose
 * turn it is, whose signature needs a check not yet passed.
 */
async function requireCheckable(deps: EnvelopeDeps, access: LinkAccess): Promise<void> {
  const { envelope, recipient } = access;
  if (recipient.kind !== "signer" || recipient.verification === "none") {
    throw refusedConflict(
      "Your signature does not need a verification code.",
      "verification_not_required",
    );
  }
  if (recipient.verifiedAt !== null) {
    throw refusedConflict("You have already confirmed your email address.", "already_verified");
  }
  const recipients = await loadRecipients(deps.db, envelope.id);
  if (!canAct(envelope, recipient, isTurn(envelope, recipient, recipients), deps.now())) {
    throw new AppError("CONFLICT", {
      message:
        "This document cannot be signed now: it is not your turn, or you have already acted on it.",
      suggestion: "Open the link again to see where the document stands.",
    });
  }
}

/**
 * POST /envelope/verification/send: mails a fresh 6-digit code to the recipient's address, in their
 * language, through the outbox (in the same transaction as the code). A new code replaces the
 * earlier ones of the recipient (only the newest is checked). Limited per recipient
 * ({@link VERIFICATION_CODES_PER_RECIPIENT}) and per address ({@link VERIFICATION_CODES_PER_ADDRESS}).
 * The code is kept only as an HMAC and never logged.
 */
export async function sendVerificationCode(
  deps: EnvelopeDeps,
  input: AccessLink,
): Promise<{ sent: true; maskedEmail: string; expiresInSeconds: number }> {
  const access = await verifyAccessLink(deps, deps.db, input, { purpose: "sign" });
  await requireCheckable(deps, access);
  const { envelope, recipient } = access;
  const at = deps.now();
  await hitRateLimit(
    deps.db,
    `verify-code:recipient:${recipient.id}`,
    VERIFICATION_CODES_PER_RECIPIENT,
    at,
  );
  await hitRateLimit(
    deps.db,
    `verify-code:email:${recipient.email.toLowerCase()}`,
    VERIFICATION_CODES_PER_ADDRESS,
    at,
  );
  const sender = await senderOf(deps.db, envelope);
  const languages = await mailLanguages(deps.db, [recipient.email], sender.language);
  const code = generateVerificationCode();
  await deps.db.transaction().execute(async (trx) => {
    const { recipient: locked } = await verifyAccessLink(deps, trx, input, {
      lock: true,
      purpose: "sign",
    });
    // Earlier codes die: only the newest one, just mailed, can be typed.
    await trx
      .updateTable("recipientVerificationCode")
      .set({ expiresAt: new Date(at) })
      .where("recipientId", "=", locked.id)
      .where("consumedAt", "is", null)
      .where("expiresAt", ">", new Date(at))
      .execute();
    await trx
      .insertInto("recipientVerificationCode")
      .values({
        recipientId: locked.id,
        email: locked.email,
        codeHash: hashVerificationCode(deps.linkKey, locked.id, locked.email, code),
        createdAt: new Date(at),
        expiresAt: new Date(at + VERIFICATION_CODE_TTL_MS),
      })
      .execute();
    await enqueueMail(
      trx,
      deps.mailKey,
      verificationCodeMail({
        to: locked.email,
        language: languages.get(locked.email) ?? sender.language,
        sender: { name: sender.name },
        title: envelope.title,
        code,
        expiresInMinutes: VERIFICATION_CODE_TTL_MS / 60_000,
      }),
    );
  });
  deps.wakeJobs();
  return {
    sent: true,
    maskedEmail: maskEmail(recipient.email),
    expiresInSeconds: VERIFICATION_CODE_TTL_MS / 1000,
  };
}

type CheckOutcome = { kind: "incorrect" | "expired" | "attempts" } | { kind: "ok"; at: Date };

/**
 * POST /envelope/verification/check: compares the code (in constant time) with the newest code
 * mailed to this recipient. A wrong code counts a try on it (kept even though the call fails); the
 * fifth wrong try kills it (`code_attempts_exceeded`), past 10 minutes it is `code_expired`. The
 * right code is used once: the recipient is verified (`verified_at`), and `signerVerified`, with
 * the method, goes into the activity chain (so into the proof).
 */
export async function checkVerificationCode(
  deps: EnvelopeDeps,
  input: AccessLink & { code: string },
  origin: RequestOrigin,
): Promise<{ verified: true; verifiedAt: string }> {
  const first = await verifyAccessLink(deps, deps.db, input, { purpose: "sign" });
  await requireCheckable(deps, first);
  const at = deps.now();
  const outcome = await deps.db.transaction().execute(async (trx): Promise<CheckOutcome> => {
    const { envelope, recipient } = await verifyAccessLink(deps, trx, input, {
      lock: true,
      purpose: "sign",
    });
    if (recipient.verifiedAt !== null) {
      throw refusedConflict("You have already confirmed your email address.", "already_verified");
    }
    const newest = await trx
      .selectFrom("recipientVerificationCode")
      .selectAll()
      .where("recipientId", "=", recipient.id)
      .where("consumedAt", "is", null)
      .orderBy("createdAt", "desc")
      .orderBy("expiresAt", "desc")
      .limit(1)
      .executeTakeFirst();
    if (newest === undefined) return { kind: "incorrect" };
    if (newest.attempts >= VERIFICATION_CODE_MAX_ATTEMPTS) return { kind: "attempts" };
    if (newest.expiresAt.getTime() <= at) return { kind: "expired" };
    const presented = hashVerificationCode(deps.linkKey, recipient.id, newest.email, input.code);
    const stored = Buffer.from(newest.codeHash);
    const matches = stored.length === presented.length && timingSafeEqual(stored, presented);
    if (!matches || newest.email !== recipient.email) {
      await trx
        .updateTable("recipientVerificationCode")
        .set({ attempts: sql<number>`attempts + 1` })
        .where("id", "=", newest.id)
        .execute();
      return {
        kind: newest.attempts + 1 >= VERIFICATION_CODE_MAX_ATTEMPTS ? "attempts" : "incorrect",
      };
    }
    const verifiedAt = new Date(at);
    await trx
      .updateTable("recipientVerificationCode")
      .set({ consumedAt: verifiedAt })
      .where("id", "=", newest.id)
      .execute();
    await trx.updateTable("recipient").set({ verifiedAt }).where("id", "=", recipient.id).execute();
    await appendEvent(trx, deps.activityKey, envelope.id, {
      type: "signerVerified",
      at: verifiedAt.toISOString(),
      actor: personOf(recipient),
      ip: origin.ip,
      userAgent: origin.userAgent,
      data: { method: "email_code" },
    });
    return { kind: "ok", at: verifiedAt };
  });
  if (outcome.kind !== "ok") throw codeRefusal(outcome.kind);
  return { verified: true, verifiedAt: outcome.at.toISOString() };
}

/** CONFLICT `verification_required` when the signer must still pass their check (`/envelope/sign`). */
export function requireVerified(recipient: RecipientRow): void {
  if (!needsVerification(recipient)) return;
  throw new AppError("CONFLICT", {
    message: "Confirm your email address with the code we send you before signing.",
    suggestion: "Ask for a code on the signing page, then type it.",
    reason: "verification_required",
  });
}
