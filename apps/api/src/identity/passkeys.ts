import type { LoginResponse, PasskeyInfo } from "@paraphe/api-sdk/contract";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { Kysely } from "kysely";
import type { Config } from "../config";
import type { Database, PasskeyRow } from "../db/database";
import { AppError } from "../errors/app-error";
import type { ClientInfo } from "./client-info";
import type { IdentityDeps } from "./identity-deps";
import { openSession } from "./sessions";

/** A WebAuthn challenge is valid for 5 minutes. */
export const WEBAUTHN_CHALLENGE_TTL_MS = 5 * 60_000;

/** The relying party: the team web app (its host name is the RP ID, its origin the expected one). */
function relyingParty(deps: { config: Pick<Config, "webUrl"> }): { rpID: string; origin: string } {
  const url = new URL(deps.config.webUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/**
 * The relying party as the signing app sees it, or null when the signing app cannot use the web
 * app's passkeys: a passkey is bound to the web app's host (the RP ID), which a page may use only
 * from that host or one of its subdomains (`localhost` for both apps in development;
 * `sign.app.example.com` beside `app.example.com`, but not `sign.example.com`).
 */
export function signingRelyingParty(deps: {
  config: Pick<Config, "webUrl" | "signUrl">;
}): { rpID: string; origin: string } | null {
  const { rpID } = relyingParty(deps);
  const sign = new URL(deps.config.signUrl);
  const host = sign.hostname;
  if (host !== rpID && !host.endsWith(`.${rpID}`)) return null;
  return { rpID, origin: sign.origin };
}

const refused = (message = "The passkey could not be verified.") =>
  new AppError("AUTHENTICATION_ERROR", {
    message,
    suggestion: "Try again, or sign in with a code sent by email.",
  });

function passkeyInfo(row: PasskeyRow): PasskeyInfo {
  return {
    id: row.id,
    counter: Number(row.counter),
    transports: row.transports,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The challenge a browser signed, read from its clientDataJSON (base64url JSON). */
function challengeOf(response: { response?: unknown }): string | null {
  const inner = response.response as { clientDataJSON?: unknown } | undefined;
  if (typeof inner?.clientDataJSON !== "string") return null;
  try {
    const clientData = JSON.parse(
      Buffer.from(inner.clientDataJSON, "base64url").toString("utf8"),
    ) as {
      challenge?: unknown;
    };
    return typeof clientData.challenge === "string" ? clientData.challenge : null;
  } catch {
    return null;
  }
}

async function sweepChallenges(db: Kysely<Database>, at: number): Promise<void> {
  await db.deleteFrom("webauthnChallenge").where("expiresAt", "<", new Date(at)).execute();
}

/**
 * Options to register a passkey for the signed-in person: discoverable credential, user
 * verification preferred, their existing passkeys excluded. The challenge is kept 5 minutes.
 */
export async function registrationOptions(
  deps: IdentityDeps,
  userId: string,
): Promise<Record<string, unknown>> {
  const at = deps.now();
  const user = await deps.db
    .selectFrom("appUser")
    .select(["id", "email", "firstname", "lastname"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const existing = await deps.db
    .selectFrom("passkey")
    .select(["id", "transports"])
    .where("userId", "=", userId)
    .execute();
  const { rpID } = relyingParty(deps);
  const displayName = [user.firstname, user.lastname].filter(Boolean).join(" ");
  const options = await generateRegistrationOptions({
    rpName: "Paraphe",
    rpID,
    userName: user.email,
    userDisplayName: displayName === "" ? user.email : displayName,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    timeout: WEBAUTHN_CHALLENGE_TTL_MS,
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.id,
      transports: passkey.transports,
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await sweepChallenges(deps.db, at);
  await deps.db
    .insertInto("webauthnChallenge")
    .values({
      challenge: options.challenge,
      userId,
      purpose: "registration",
      expiresAt: new Date(at + WEBAUTHN_CHALLENGE_TTL_MS),
    })
    .execute();
  return options as unknown as Record<string, unknown>;
}

/**
 * Verifies a registration against a challenge handed to this person, and stores the passkey.
 * `emailProven`: the registering session rests on an email Paraphe proved; the passkey's sessions
 * then do too (a passkey added by a single sign-on session does not prove the email).
 */
export async function registerPasskey(
  deps: IdentityDeps,
  userId: string,
  response: Record<string, unknown>,
  emailProven: boolean,
): Promise<PasskeyInfo> {
  const at = deps.now();
  const challenge = challengeOf(response);
  if (challenge === null) throw passkeyInvalid();
  // Single use: taken whatever the outcome.
  const taken = await deps.db
    .deleteFrom("webauthnChallenge")
    .where("challenge", "=", challenge)
    .where("userId", "=", userId)
    .where("purpose", "=", "registration")
    .returning("expiresAt")
    .executeTakeFirst();
  if (taken === undefined || taken.expiresAt.getTime() <= at) throw passkeyInvalid();

  const { rpID, origin } = relyingParty(deps);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch (error) {
    deps.logger.info({ err: error }, "passkey registration refused");
    throw passkeyInvalid();
  }
  if (!verification.verified) throw passkeyInvalid();
  const info = verification.registrationInfo;
  const row = await deps.db
    .insertInto("passkey")
    .values({
      id: info.credential.id,
      userId,
      publicKey: info.credential.publicKey,
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      emailProven,
      createdAt: new Date(at),
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .returningAll()
    .executeTakeFirst();
  if (row === undefined) {
    throw new AppError("CONFLICT", {
      message: "This passkey is already registered.",
      reason: "passkey_registered",
      suggestion: "Use it to sign in, or remove it first.",
    });
  }
  return passkeyInfo(row);
}

function passkeyInvalid(): AppError {
  return new AppError("VALIDATION_ERROR", {
    message: "The passkey could not be registered.",
    suggestion: "Start the registration again.",
    fields: [{ path: "response", code: "custom", message: "passkey_invalid" }],
  });
}

/** Options for a passkey login (discoverable credentials: no list of ids); the challenge's id. */
export async function authenticationOptions(
  deps: IdentityDeps,
): Promise<{ challengeId: string; options: Record<string, unknown> }> {
  const at = deps.now();
  const { rpID } = relyingParty(deps);
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: "required",
    timeout: WEBAUTHN_CHALLENGE_TTL_MS,
  });
  await sweepChallenges(deps.db, at);
  const row = await deps.db
    .insertInto("webauthnChallenge")
    .values({
      challenge: options.challenge,
      userId: null,
      purpose: "authentication",
      expiresAt: new Date(at + WEBAUTHN_CHALLENGE_TTL_MS),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { challengeId: row.id, options: options as unknown as Record<string, unknown> };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Logs in with a passkey: the challenge (single use, unexpired), the stored credential, the
 * signature, and a counter that must increase when either side is non-zero (a cloned
 * authenticator is refused). Updates counter and last use, opens a session (method `passkey`).
 */
export async function loginWithPasskey(
  deps: IdentityDeps,
  input: { challengeId: string; response: Record<string, unknown> },
  client: ClientInfo,
): Promise<LoginResponse> {
  const at = deps.now();
  if (!UUID.test(input.challengeId)) throw refused();
  const taken = await deps.db
    .deleteFrom("webauthnChallenge")
    .where("id", "=", input.challengeId)
    .where("purpose", "=", "authentication")
    .returning(["challenge", "expiresAt"])
    .executeTakeFirst();
  if (taken === undefined || taken.expiresAt.getTime() <= at) {
    throw refused("The passkey request has expired.");
  }
  const passkey = await verifyPasskeyAssertion(deps, {
    challenge: taken.challenge,
    response: input.response,
    relyingParty: relyingParty(deps),
    refused,
  });

  return deps.db.transaction().execute(async (trx) => {
    // Another login with the same counter won the race.
    if (!(await recordPasskeyUse(trx, passkey, at))) throw refused();
    return openSession(
      trx,
      deps,
      { id: passkey.userId, email: passkey.email },
      "passkey",
      client,
      at,
      false,
      passkey.emailProven,
    );
  });
}

/** A passkey whose signature over a challenge was verified: its account and its counters. */
export interface VerifiedPasskey {
  id: string;
  userId: string;
  email: string;
  emailProven: boolean;
  storedCounter: number;
  newCounter: number;
}

/**
 * Verifies a WebAuthn assertion over `challenge` (already taken, single use): the stored
 * credential, the user handle naming its account, the signature for the relying party's RP ID
 * and origin with user verification, and a counter that must increase when either side is
 * non-zero (a cloned authenticator is refused). Throws `refused` on any failure; nothing is
 * written ({@link recordPasskeyUse} moves the counter).
 */
export async function verifyPasskeyAssertion(
  deps: { db: Kysely<Database>; logger: IdentityDeps["logger"] },
  input: {
    challenge: string;
    response: Record<string, unknown>;
    relyingParty: { rpID: string; origin: string };
    /** The refusal to throw, with a message of its own for an unknown passkey. */
    refused: (message?: string) => AppError;
  },
): Promise<VerifiedPasskey> {
  const refusal = input.refused();
  const credentialId = typeof input.response.id === "string" ? input.response.id : "";
  const passkey = await deps.db
    .selectFrom("passkey")
    .innerJoin("appUser", "appUser.id", "passkey.userId")
    .select([
      "passkey.id",
      "passkey.userId",
      "passkey.publicKey",
      "passkey.counter",
      "passkey.transports",
      "passkey.emailProven",
      "appUser.email",
    ])
    .where("passkey.id", "=", credentialId)
    .executeTakeFirst();
  if (passkey === undefined) throw input.refused("This passkey is not known.");
  if (!isAssertionShaped(input.response)) throw refusal;
  const response = input.response as unknown as AuthenticationResponseJSON;
  const userHandle = response.response.userHandle;
  if (
    userHandle !== undefined &&
    Buffer.from(userHandle, "base64url").toString("utf8") !== passkey.userId
  ) {
    throw refusal;
  }

  const storedCounter = Number(passkey.counter);
  let newCounter: number;
  try {
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: input.challenge,
      expectedOrigin: input.relyingParty.origin,
      expectedRPID: input.relyingParty.rpID,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: storedCounter,
        transports: passkey.transports,
      },
      requireUserVerification: true,
    });
    if (!verification.verified) throw new Error("not verified");
    newCounter = verification.authenticationInfo.newCounter;
  } catch (error) {
    deps.logger.info({ err: error, passkey: passkey.id }, "passkey assertion refused");
    throw refusal;
  }
  // Checked here too, whatever the library does: a counter must move forward once in use.
  if ((newCounter > 0 || storedCounter > 0) && newCounter <= storedCounter) throw refusal;
  return {
    id: passkey.id,
    userId: passkey.userId,
    email: passkey.email,
    emailProven: passkey.emailProven,
    storedCounter,
    newCounter,
  };
}

/**
 * Whether an answer has the parts of an AuthenticationResponseJSON that are read before the WebAuthn
 * library checks it in depth (an answer without its `response` object, or with a user handle that is
 * not text, is refused rather than read).
 */
function isAssertionShaped(value: Record<string, unknown>): boolean {
  const inner = value.response;
  if (typeof inner !== "object" || inner === null || Array.isArray(inner)) return false;
  const userHandle = (inner as Record<string, unknown>).userHandle;
  return userHandle === undefined || typeof userHandle === "string";
}

/**
 * Records a verified passkey's use (its new counter, the time), unless another use with the same
 * counter came first: false then, and the caller refuses.
 */
export async function recordPasskeyUse(
  db: Kysely<Database>,
  passkey: VerifiedPasskey,
  at: number,
): Promise<boolean> {
  const updated = await db
    .updateTable("passkey")
    .set({ counter: passkey.newCounter, lastUsedAt: new Date(at) })
    .where("id", "=", passkey.id)
    .where("counter", "=", passkey.storedCounter)
    .returning("id")
    .executeTakeFirst();
  return updated !== undefined;
}

export async function listPasskeys(
  { db }: { db: Kysely<Database> },
  userId: string,
): Promise<PasskeyInfo[]> {
  const rows = await db
    .selectFrom("passkey")
    .selectAll()
    .where("userId", "=", userId)
    .orderBy("createdAt", "desc")
    .execute();
  return rows.map(passkeyInfo);
}

/** Removes one of the caller's passkeys; someone else's (or an unknown id) is NOT_FOUND. */
export async function deletePasskey(
  { db }: { db: Kysely<Database> },
  userId: string,
  id: string,
): Promise<void> {
  const deleted = await db
    .deleteFrom("passkey")
    .where("id", "=", id)
    .where("userId", "=", userId)
    .returning("id")
    .executeTakeFirst();
  if (deleted === undefined) {
    throw new AppError("NOT_FOUND", {
      message: "There is no such passkey.",
      suggestion: "Reload the list of your passkeys.",
    });
  }
}
