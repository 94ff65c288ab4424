import type { AccessLink } from "@paraphe/api-sdk/contract";
import { generateAuthenticationOptions, type AuthenticatorTransport } from "@simplewebauthn/server";
import { AppError } from "../errors/app-error";
import {
  recordPasskeyUse,
  signingRelyingParty,
  verifyPasskeyAssertion,
  WEBAUTHN_CHALLENGE_TTL_MS,
} from "../identity/passkeys";
import { hitRateLimit, rateLimit } from "../identity/rate-limit";
import type { EnvelopeDeps } from "./envelope-deps";
import { verifyAccessLink } from "./link-access";
import {
  recordVerified,
  refusedConflict,
  requireCheckable,
  VERIFICATION_CODE_MAX_ATTEMPTS,
} from "./recipient-verification";
import type { RequestOrigin } from "./request-origin";
import { accountRequired, signerAccount, type SignerAccount } from "./signer-account";

/**
 * Passkey ceremonies asked for by one recipient: 10 per 15 minutes, as many as the codes they may
 * ask for and try, so that a link alone cannot be used to fill the challenge table.
 */
export const SIGNER_PASSKEY_OPTIONS_PER_RECIPIENT = rateLimit(
  2 * VERIFICATION_CODE_MAX_ATTEMPTS,
  15,
  "Too many passkey requests. Wait a little before trying again.",
);

const passkeyRefused = (message = "The passkey could not be verified.") =>
  new AppError("AUTHENTICATION_ERROR", {
    message,
    suggestion: "Try again with a passkey of your Paraphe account, or ask for a code by email.",
  });

function requireAccountCheck(recipient: { verification: string }): void {
  if (recipient.verification !== "account") {
    throw refusedConflict(
      "Your signature does not need you to sign in to a Paraphe account.",
      "verification_not_required",
    );
  }
}

/**
 * The relying party from the signing app, or CONFLICT `passkey_unavailable` when its host cannot
 * use the web app's passkeys (see `signingRelyingParty`).
 */
function relyingPartyFor(deps: EnvelopeDeps): { rpID: string; origin: string } {
  const party = signingRelyingParty(deps);
  if (party === null) {
    throw new AppError("CONFLICT", {
      message: "Passkeys of your Paraphe account cannot be used on this signing site.",
      suggestion: "Ask for a code by email to sign in to your account instead.",
      reason: "passkey_unavailable",
    });
  }
  return party;
}

/**
 * The account's passkeys that may stand for the signer: those whose registration rested on an
 * email Paraphe proved (a passkey added by a single sign-on session proves no email).
 */
async function usablePasskeys(
  deps: EnvelopeDeps,
  account: SignerAccount,
): Promise<{ id: string; transports: string[] }[]> {
  return deps.db
    .selectFrom("passkey")
    .select(["id", "transports"])
    .where("userId", "=", account.id)
    .where("emailProven", "=", true)
    .execute();
}

/**
 * POST /envelope/verification/passkey-options: WebAuthn options for a signer whose check is
 * `account` to sign in with a passkey of the account of their email (its usable passkeys allowed,
 * user verification required). The challenge, single use and valid 5 minutes, is bound to the
 * recipient and the account. CONFLICT `account_required` without an account, `passkey_missing`
 * when it has no usable passkey, `passkey_unavailable` when the signing app cannot use them; a
 * refusal writes nothing.
 */
export async function signerPasskeyOptions(
  deps: EnvelopeDeps,
  input: AccessLink,
): Promise<{ challengeId: string; options: Record<string, unknown> }> {
  const access = await verifyAccessLink(deps, deps.db, input, { purpose: "sign" });
  requireAccountCheck(access.recipient);
  await requireCheckable(deps, access);
  const { rpID } = relyingPartyFor(deps);
  const account = await signerAccount(deps.db, access.recipient.email);
  if (account === null) throw accountRequired(deps);
  const passkeys = await usablePasskeys(deps, account);
  if (passkeys.length === 0) {
    throw new AppError("CONFLICT", {
      message: "Your Paraphe account has no passkey that can be used to sign.",
      suggestion: "Ask for a code by email to sign in to your account instead.",
      reason: "passkey_missing",
    });
  }
  const at = deps.now();
  await hitRateLimit(
    deps.db,
    `signer-passkey:recipient:${access.recipient.id}`,
    SIGNER_PASSKEY_OPTIONS_PER_RECIPIENT,
    at,
  );
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: "required",
    timeout: WEBAUTHN_CHALLENGE_TTL_MS,
    allowCredentials: passkeys.map((passkey) => ({
      id: passkey.id,
      transports: passkey.transports as AuthenticatorTransport[],
    })),
  });
  const row = await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("webauthnChallenge").where("expiresAt", "<", new Date(at)).execute();
    // One ceremony at a time per recipient: a new one ends the earlier.
    await trx
      .deleteFrom("webauthnChallenge")
      .where("recipientId", "=", access.recipient.id)
      .execute();
    return trx
      .insertInto("webauthnChallenge")
      .values({
        challenge: options.challenge,
        userId: account.id,
        recipientId: access.recipient.id,
        purpose: "signer_check",
        expiresAt: new Date(at + WEBAUTHN_CHALLENGE_TTL_MS),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
  });
  return { challengeId: row.id, options: options as unknown as Record<string, unknown> };
}

/**
 * POST /envelope/verification/passkey-check: the browser's assertion over a challenge handed to
 * this recipient (unexpired, spent by the check that passes), verified as a passkey login is (the signature for the
 * web app's RP ID from the signing app's origin, user verification, counter). It passes only when
 * the passkey is a usable one of the account whose email is still the recipient's (case aside):
 * the recipient is verified and `signerVerified` (method `account`, factor `passkey`) goes into
 * the activity chain. A refusal changes nothing; the check that passes spends the challenge.
 */
export async function checkSignerPasskey(
  deps: EnvelopeDeps,
  input: AccessLink & { challengeId: string; response: Record<string, unknown> },
  origin: RequestOrigin,
): Promise<{ verified: true; verifiedAt: string }> {
  const first = await verifyAccessLink(deps, deps.db, input, { purpose: "sign" });
  requireAccountCheck(first.recipient);
  await requireCheckable(deps, first);
  const party = relyingPartyFor(deps);
  const at = deps.now();
  // Only the recipient it was handed to may answer it; it is spent by the check that passes (a
  // refusal changes nothing: an answer that does not verify proves nothing, and the challenge
  // dies in 5 minutes anyway).
  const taken = await deps.db
    .selectFrom("webauthnChallenge")
    .select(["challenge", "expiresAt", "userId"])
    .where("id", "=", input.challengeId)
    .where("purpose", "=", "signer_check")
    .where("recipientId", "=", first.recipient.id)
    .executeTakeFirst();
  if (taken === undefined || taken.expiresAt.getTime() <= at) {
    throw passkeyRefused("The passkey request has expired.");
  }
  const passkey = await verifyPasskeyAssertion(deps, {
    challenge: taken.challenge,
    response: input.response,
    relyingParty: party,
    refused: passkeyRefused,
  });
  const verifiedAt = new Date(at);
  await deps.db.transaction().execute(async (trx) => {
    const { envelope, recipient } = await verifyAccessLink(deps, trx, input, {
      lock: true,
      purpose: "sign",
    });
    if (recipient.verifiedAt !== null) {
      throw refusedConflict("You have already signed in to your account.", "already_verified");
    }
    requireAccountCheck(recipient);
    const account = await signerAccount(trx, recipient.email);
    if (account === null) throw accountRequired(deps);
    // The passkey must be the account's of the recipient's email, and prove that email.
    if (
      passkey.userId !== account.id ||
      taken.userId !== account.id ||
      !passkey.emailProven ||
      passkey.email.toLowerCase() !== recipient.email.toLowerCase()
    ) {
      throw passkeyRefused("This passkey is not one of the Paraphe account of your email.");
    }
    // Single use: the first check to take the challenge, and the first use of the counter, win.
    const spent = await trx
      .deleteFrom("webauthnChallenge")
      .where("id", "=", input.challengeId)
      .returning("id")
      .executeTakeFirst();
    if (spent === undefined || !(await recordPasskeyUse(trx, passkey, at))) {
      throw passkeyRefused();
    }
    await recordVerified(
      trx,
      deps,
      { envelope, recipient, origin, at: verifiedAt },
      { method: "account", factor: "passkey" },
    );
  });
  return { verified: true, verifiedAt: verifiedAt.toISOString() };
}
