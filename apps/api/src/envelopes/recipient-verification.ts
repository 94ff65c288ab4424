import { type AccessLink, toE164 } from "@paraphe/api-sdk/contract";
import { sql, type Kysely } from "kysely";
import type { Database, EnvelopeRow, RecipientRow } from "../db/database";
import type { VerificationCodeChannel } from "../db/tables/envelopes";
import type { SignerVerifiedData } from "../documents/audit-chain";
import { AppError } from "../errors/app-error";
import { codeRefusal } from "../identity/code-refusal";
import {
  afterWrongTry,
  generateOneTimeCode,
  judgeOneTimeCode,
  ONE_TIME_CODE_MAX_ATTEMPTS,
  ONE_TIME_CODE_TTL_MS,
  oneTimeCodeHasher,
} from "../identity/one-time-code";
import { hitRateLimit, rateLimit } from "../identity/rate-limit";
import { smsVerificationAvailable } from "../config";
import { enqueueMail } from "../mail/outbox";
import { enqueueSms } from "../sms/outbox";
import { appendEvent } from "./activity";
import { accountRequired, signerAccount } from "./signer-account";
import type { EnvelopeDeps } from "./envelope-deps";
import { mailLanguages } from "./languages";
import { canAct, verifyAccessLink, type LinkAccess } from "./link-access";
import type { RequestOrigin } from "./request-origin";
import { isTurn } from "./turns";
import { verificationCodeMail } from "./verification-code-mail";
import { verificationCodeSms } from "./verification-code-sms";
import { loadRecipients, personOf, senderOf } from "./views";

/** A signer's verification code is valid for 10 minutes. */
export const VERIFICATION_CODE_TTL_MS = ONE_TIME_CODE_TTL_MS;
/** After this many wrong tries a code is dead: the signer asks for a new one. */
export const VERIFICATION_CODE_MAX_ATTEMPTS = ONE_TIME_CODE_MAX_ATTEMPTS;

const CODES_ASKED =
  "Too many verification codes were asked for. Wait a little before asking again.";

/**
 * Codes sent by SMS to one number, whatever the envelopes: 10 per hour, so that many envelopes
 * sent to one person cannot be used to flood their phone (nor to spend the team's SMS).
 */
export const VERIFICATION_CODES_PER_PHONE = rateLimit(10, 60, CODES_ASKED);

/**
 * Codes mailed or sent by SMS to one recipient (one signing link): 5 per 15 minutes. With at most 5 tries per
 * code, someone holding the link alone makes at most 25 guesses of a million per 15 minutes.
 */
export const VERIFICATION_CODES_PER_RECIPIENT = rateLimit(5, 15, CODES_ASKED);
/**
 * Codes mailed to one address, whatever the envelopes: 20 per hour, so that many envelopes sent
 * to one person cannot be used to flood their inbox.
 */
export const VERIFICATION_CODES_PER_ADDRESS = rateLimit(20, 60, CODES_ASKED);

/**
 * HMAC of the recipient, the address (the email, or the phone number of an SMS code) and the code,
 * under a key of its own derived from the link key (itself derived from the master key): the
 * database alone does not let anyone test codes offline, and a code only ever matches the
 * recipient (so the envelope) it was sent for.
 */
const hashVerificationCode = oneTimeCodeHasher("paraphe/api signer verification code v1");

/** `jane@example.com` as `j•••@example.com`: enough for the signer to recognise their address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "•••";
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/** `+33612345678` as `78`: the number's last two digits, which the signing page shows. */
export function phoneEnding(phone: string): string {
  return phone.slice(-2);
}

/** CONFLICT with a reason the signing app translates. */
export const refusedConflict = (message: string, reason: string): AppError =>
  new AppError("CONFLICT", { message, suggestion: "Reload the page.", reason });

/** Whether the recipient must still pass a check before signing. */
export function needsVerification(recipient: RecipientRow): boolean {
  return recipient.verification !== "none" && recipient.verifiedAt === null;
}

/**
 * The signer may ask for or check a code: a signer of an envelope being signed, still pending, whose
 * turn it is, whose signature needs a check not yet passed.
 */
export async function requireCheckable(deps: EnvelopeDeps, access: LinkAccess): Promise<void> {
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
 * POST /envelope/verification/send: sends a fresh 6-digit code, in the recipient's language, by
 * mail to their address (`email_code`), by SMS to their phone (`sms_code`), or by mail to the
 * Paraphe account whose email is theirs (`account`: CONFLICT `account_required` without one, and
 * nothing written), through the outbox (in the same transaction as the code). A new code replaces the earlier ones of the recipient
 * (only the newest is checked). Limited per recipient ({@link VERIFICATION_CODES_PER_RECIPIENT})
 * and per address ({@link VERIFICATION_CODES_PER_ADDRESS}) or number
 * ({@link VERIFICATION_CODES_PER_PHONE}). The code is kept only as an HMAC and never logged.
 */
export async function sendVerificationCode(
  deps: EnvelopeDeps,
  input: AccessLink,
): Promise<{
  sent: true;
  channel: VerificationCodeChannel;
  maskedEmail: string;
  phoneEnding?: string;
  expiresInSeconds: number;
}> {
  const access = await verifyAccessLink(deps, deps.db, input, { purpose: "sign" });
  await requireCheckable(deps, access);
  const { envelope, recipient } = access;
  const channel = channelOf(recipient);
  const phone = channel === "sms" ? smsPhoneOf(deps, recipient) : null;
  if (channel === "account" && (await signerAccount(deps.db, recipient.email)) === null) {
    throw accountRequired(deps);
  }
  const at = deps.now();
  await hitRateLimit(
    deps.db,
    `verify-code:recipient:${recipient.id}`,
    VERIFICATION_CODES_PER_RECIPIENT,
    at,
  );
  await (phone === null
    ? hitRateLimit(
        deps.db,
        `verify-code:email:${recipient.email.toLowerCase()}`,
        VERIFICATION_CODES_PER_ADDRESS,
        at,
      )
    : hitRateLimit(deps.db, `verify-code:phone:${phone}`, VERIFICATION_CODES_PER_PHONE, at));
  const sender = await senderOf(deps.db, envelope);
  const languages = await mailLanguages(deps.db, [recipient.email], sender.language);
  const code = generateOneTimeCode();
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
    // The number (or address) may not have changed since the first read: the code goes where
    // the locked row says.
    const lockedPhone = phone === null ? null : smsPhoneOf(deps, locked);
    // An account code is bound to the account (its id in the HMAC): deleted and made again, the
    // account no longer takes it.
    const account = channel === "account" ? await signerAccount(trx, locked.email) : null;
    if (channel === "account" && account === null) throw accountRequired(deps);
    await trx
      .insertInto("recipientVerificationCode")
      .values({
        recipientId: locked.id,
        email: locked.email,
        channel,
        phone: lockedPhone,
        codeHash: hashVerificationCode(
          deps.linkKey,
          locked.id,
          codeAddress(channel, { email: locked.email, phone: lockedPhone, accountId: account?.id }),
          code,
        ),
        createdAt: new Date(at),
        expiresAt: new Date(at + VERIFICATION_CODE_TTL_MS),
      })
      .execute();
    const message = {
      language: languages.get(locked.email) ?? sender.language,
      sender: { name: sender.name },
      title: envelope.title,
      code,
      expiresInMinutes: VERIFICATION_CODE_TTL_MS / 60_000,
      account: channel === "account",
    };
    if (lockedPhone === null) {
      await enqueueMail(trx, deps.mailKey, verificationCodeMail({ to: locked.email, ...message }), {
        teamId: envelope.teamId,
        envelopeId: envelope.id,
        replyTo: sender.email,
      });
    } else {
      await enqueueSms(trx, deps.mailKey, verificationCodeSms({ to: lockedPhone, ...message }));
    }
  });
  deps.wakeJobs();
  return {
    sent: true,
    channel,
    maskedEmail: maskEmail(recipient.email),
    ...(phone === null ? {} : { phoneEnding: phoneEnding(phone) }),
    expiresInSeconds: VERIFICATION_CODE_TTL_MS / 1000,
  };
}

/** Where a recipient's code goes: by SMS (`sms_code`), to their account (`account`), or by mail. */
function channelOf(recipient: RecipientRow): VerificationCodeChannel {
  if (recipient.verification === "sms_code") return "sms";
  return recipient.verification === "account" ? "account" : "email";
}

/**
 * What a code's HMAC binds it to besides its recipient: the number of an SMS code, the account of
 * an account code, the address of a mailed one.
 */
function codeAddress(
  channel: VerificationCodeChannel,
  to: { email: string; phone: string | null; accountId: string | undefined },
): string {
  if (channel === "sms") return to.phone ?? "";
  if (channel === "account") return `account:${to.accountId ?? ""}`;
  return to.email;
}

/**
 * The number an SMS code goes to: the recipient's phone in E.164. CONFLICT `sms_unavailable` when
 * the deployment cannot send SMS, `phone_missing` when the recipient has no usable number (the
 * save refuses it; a row written otherwise must not send a code nowhere).
 */
function smsPhoneOf(deps: EnvelopeDeps, recipient: RecipientRow): string {
  if (!smsVerificationAvailable(deps.config)) {
    throw new AppError("CONFLICT", {
      message: "Codes by SMS cannot be sent: no SMS provider is configured.",
      suggestion: "Ask the sender to choose another check.",
      reason: "sms_unavailable",
    });
  }
  const phone = toE164(recipient.phone);
  if (phone === null) {
    throw new AppError("CONFLICT", {
      message: "Your phone number is missing, so the code cannot be sent by SMS.",
      suggestion: "Ask the sender to add your phone number.",
      reason: "phone_missing",
    });
  }
  return phone;
}

type CheckOutcome =
  { kind: "incorrect" | "expired" | "attempts" | "noAccount" } | { kind: "ok"; at: Date };

/**
 * POST /envelope/verification/check: compares the code (in constant time) with the newest code
 * mailed to this recipient. A wrong code counts a try on it (kept even though the call fails); the
 * fifth wrong try kills it (`code_attempts_exceeded`), past 10 minutes it is `code_expired`. The
 * right code is used once: the recipient is verified (`verified_at`), and `signerVerified`, with
 * the method, goes into the activity chain (so into the proof). An account code counts only while
 * the account it was sent to is still the one of the recipient's email (`account_required`
 * otherwise, nothing counted).
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
    const account =
      recipient.verification === "account" ? await signerAccount(trx, recipient.email) : null;
    if (recipient.verification === "account" && account === null) return { kind: "noAccount" };
    if (newest === undefined) return { kind: "incorrect" };
    // A code counts only for where it went: the address, the number, or the account the
    // recipient still has.
    const sameDestination =
      newest.channel === channelOf(recipient) &&
      (newest.channel === "sms"
        ? newest.phone === toE164(recipient.phone)
        : newest.email === recipient.email);
    const verdict = judgeOneTimeCode(
      newest,
      () =>
        hashVerificationCode(
          deps.linkKey,
          recipient.id,
          codeAddress(newest.channel, {
            email: newest.email,
            phone: newest.phone,
            accountId: account?.id,
          }),
          input.code,
        ),
      at,
      sameDestination,
    );
    if (verdict === "wrongTry") {
      await trx
        .updateTable("recipientVerificationCode")
        .set({ attempts: sql<number>`attempts + 1` })
        .where("id", "=", newest.id)
        .execute();
      return { kind: afterWrongTry(newest) };
    }
    if (verdict !== "ok") return { kind: verdict };
    const verifiedAt = new Date(at);
    await trx
      .updateTable("recipientVerificationCode")
      .set({ consumedAt: verifiedAt })
      .where("id", "=", newest.id)
      .execute();
    await recordVerified(
      trx,
      deps,
      { envelope, recipient, origin, at: verifiedAt },
      methodOf(newest.channel),
    );
    return { kind: "ok", at: verifiedAt };
  });
  if (outcome.kind === "noAccount") throw accountRequired(deps);
  if (outcome.kind !== "ok") throw codeRefusal(outcome.kind);
  return { verified: true, verifiedAt: outcome.at.toISOString() };
}

/** The method the proof names for a code that went by `channel`. */
function methodOf(channel: VerificationCodeChannel): SignerVerifiedData {
  if (channel === "account") return { method: "account", factor: "email_code" };
  return { method: channel === "sms" ? "sms_code" : "email_code" };
}

/**
 * The check passed: the recipient is verified (`verified_at`), and `signerVerified` with its
 * method goes into the activity chain (so into the proof). Inside the caller's transaction, the
 * recipient locked.
 */
export async function recordVerified(
  trx: Kysely<Database>,
  deps: EnvelopeDeps,
  passed: { envelope: EnvelopeRow; recipient: RecipientRow; origin: RequestOrigin; at: Date },
  data: SignerVerifiedData,
): Promise<void> {
  const { envelope, recipient, origin, at } = passed;
  await trx
    .updateTable("recipient")
    .set({ verifiedAt: at })
    .where("id", "=", recipient.id)
    .execute();
  await appendEvent(trx, deps.activityKey, envelope.id, {
    type: "signerVerified",
    at: at.toISOString(),
    actor: personOf(recipient),
    ip: origin.ip,
    userAgent: origin.userAgent,
    data,
  });
}

/** CONFLICT `verification_required` when the signer must still pass their check (`/envelope/sign`). */
export function requireVerified(recipient: RecipientRow): void {
  if (!needsVerification(recipient)) return;
  throw new AppError("CONFLICT", {
    message: VERIFICATION_REQUIRED[recipient.verification],
    suggestion:
      recipient.verification === "account"
        ? "Sign in to your Paraphe account on the signing page."
        : "Ask for a code on the signing page, then type it.",
    reason: "verification_required",
  });
}

const VERIFICATION_REQUIRED: Record<RecipientRow["verification"], string> = {
  none: "",
  email_code: "Confirm your email address with the code we send you before signing.",
  sms_code: "Confirm your phone number with the code we send you by SMS before signing.",
  account: "Sign in to the Paraphe account of your email address before signing.",
};
