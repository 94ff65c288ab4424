import { createHmac, hkdfSync, randomInt, timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import {
  LOGIN_CODE_ALPHABET,
  LOGIN_CODE_LENGTH,
  type Language,
  type LoginResponse,
} from "@paraphe/api-sdk/contract";
import { AppError } from "../errors/app-error";
import { addressPrefix } from "../http/address-prefix";
import { enqueueMail } from "../mail/outbox";
import type { ClientInfo } from "./client-info";
import { codeRefusal } from "./code-refusal";
import type { IdentityDeps } from "./identity-deps";
import { findOrCreateUser, lockLoginCodes } from "./identity-store";
import { loginCodeMail } from "./login-code-mail";
import {
  countRateLimitHit,
  hitRateLimit,
  LOGIN_CODE_CHECKS_PER_IP,
  LOGIN_CODE_FAILURES_PER_ADDRESS,
  LOGIN_CODE_FAILURES_PER_EMAIL,
  LOGIN_CODES_PER_ADDRESS_AND_EMAIL,
  LOGIN_CODES_PER_IP,
  rateLimitedError,
  rateLimitReached,
  sweepRateLimits,
} from "./rate-limit";
import { openSession } from "./sessions";

/** A login code is valid for 10 minutes. */
export const LOGIN_CODE_TTL_MS = 10 * 60_000;
/** After this many wrong tries a code is dead: a new one must be asked for. */
export const LOGIN_CODE_MAX_ATTEMPTS = 5;
/**
 * At most this many live codes per email asked from one network: asking for another one does not
 * revoke the earlier ones (someone asking codes for another person's email must not void the code
 * that person is typing), and past this bound a new code is refused to that network until one is
 * used or expires. Other networks' requests do not count: nobody can use up a person's codes.
 */
export const MAX_LIVE_LOGIN_CODES = 10;

/**
 * The network a client is counted under: its IPv4 address or IPv6 /64 (see `addressPrefix`), null
 * for an in-process call without an address.
 */
function networkOf(client: ClientInfo): string | null {
  return client.ipAddress === null ? null : addressPrefix(client.ipAddress);
}

/** A fresh code of LOGIN_CODE_LENGTH characters of LOGIN_CODE_ALPHABET (uniform, crypto.randomInt). */
export function generateLoginCode(): string {
  let code = "";
  for (let i = 0; i < LOGIN_CODE_LENGTH; i++) {
    code += LOGIN_CODE_ALPHABET[randomInt(LOGIN_CODE_ALPHABET.length)];
  }
  return code;
}

const hashKeys = new WeakMap<Buffer, Buffer>();

/**
 * HMAC-SHA-256 of the email and code under a key derived from the session credential key (itself
 * derived from the master key): the database alone does not let anyone test codes offline.
 */
function hashLoginCode(credentialKey: Buffer, email: string, code: string): Buffer {
  let key = hashKeys.get(credentialKey);
  if (key === undefined) {
    key = Buffer.from(
      hkdfSync("sha256", credentialKey, new Uint8Array(0), "paraphe/api login code v1", 32),
    );
    hashKeys.set(credentialKey, key);
  }
  return createHmac("sha256", key).update(`${email}\n${code}`, "utf8").digest();
}

/** The first supported language of an Accept-Language header, if any. */
function languageOfHeader(header: string | undefined): Language | undefined {
  if (header === undefined) return undefined;
  for (const part of header.split(",")) {
    const tag = part.split(";")[0]?.trim().toLowerCase().slice(0, 2);
    if (tag === "en" || tag === "fr") return tag;
  }
  return undefined;
}

export interface RequestCodeInput {
  email: string;
  language: Language | undefined;
  acceptLanguage: string | undefined;
  client: ClientInfo;
}

/**
 * Sends a login code to `email` (an account or not: the answer is the same, and an unknown email
 * becomes an account once its code is verified). Earlier live codes of the email stay valid until
 * they are used or expire; at most {@link MAX_LIVE_LOGIN_CODES} live at once per asking network
 * (RATE_LIMITED past it, until the oldest expires). Limited per (network, email) pair and per
 * network (an IPv4 address, an IPv6 /64). The code remembers the network that asked. The mail goes
 * through the outbox in the same transaction, in the person's preferred language, or for a new
 * email in the language of the request.
 */
export async function requestLoginCode(
  deps: IdentityDeps,
  input: RequestCodeInput,
): Promise<{ sent: true; expiresInSeconds: number }> {
  const { db } = deps;
  const at = deps.now();
  const network = networkOf(input.client);
  await hitRateLimit(
    db,
    `login-code:pair:${network ?? "unknown"} ${input.email}`,
    LOGIN_CODES_PER_ADDRESS_AND_EMAIL,
    at,
  );
  if (network !== null) {
    await hitRateLimit(
      db,
      `login-code:ip:${network}`,
      { ...LOGIN_CODES_PER_IP, limit: deps.config.loginCodesPerAddress },
      at,
    );
  }

  const user = await db
    .selectFrom("appUser")
    .select("preferredLanguage")
    .where("email", "=", input.email)
    .executeTakeFirst();
  const language =
    user?.preferredLanguage ?? input.language ?? languageOfHeader(input.acceptLanguage) ?? "en";
  const code = generateLoginCode();

  await db.transaction().execute(async (trx) => {
    // One request per email at a time counts the live codes, so the bound holds.
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`login-code:${input.email}`}, 0))`.execute(
      trx,
    );
    const live = await trx
      .selectFrom("loginCode")
      .select("expiresAt")
      .where("email", "=", input.email)
      .where((eb) =>
        network === null ? eb("requestedFrom", "is", null) : eb("requestedFrom", "=", network),
      )
      .where("consumedAt", "is", null)
      .where("expiresAt", ">", new Date(at))
      .where("attempts", "<", LOGIN_CODE_MAX_ATTEMPTS)
      .orderBy("expiresAt", "asc")
      .execute();
    const oldest = live[0];
    if (live.length >= MAX_LIVE_LOGIN_CODES && oldest !== undefined) {
      const retryAfter = Math.max(1, Math.ceil((oldest.expiresAt.getTime() - at) / 1000));
      throw new AppError("RATE_LIMITED", {
        message:
          "Several verification codes were sent to this email address from this network and are still valid. Use one of them, or wait before asking again.",
        suggestion: `Try again in ${Math.ceil(retryAfter / 60)} minute(s).`,
        headers: { "Retry-After": String(retryAfter) },
      });
    }
    await trx
      .insertInto("loginCode")
      .values({
        email: input.email,
        codeHash: hashLoginCode(deps.sessionCredentialKey, input.email, code),
        language,
        createdAt: new Date(at),
        expiresAt: new Date(at + LOGIN_CODE_TTL_MS),
        requestedFrom: network,
      })
      .execute();
    await enqueueMail(
      trx,
      deps.mailKey,
      loginCodeMail(input.email, code, language, LOGIN_CODE_TTL_MS / 60_000),
    );
  });

  // Housekeeping now and then: finished rate-limit windows, codes dead for a day.
  if (Math.random() < 0.05) {
    await sweepRateLimits(db, at);
    await db
      .deleteFrom("loginCode")
      .where("expiresAt", "<", new Date(at - 24 * 3600_000))
      .execute();
  }
  return { sent: true, expiresInSeconds: LOGIN_CODE_TTL_MS / 1000 };
}

type VerifyOutcome =
  | { kind: "incorrect" | "expired" | "attempts"; spendsOthers: boolean }
  | { kind: "refused" }
  | { kind: "ok"; login: LoginResponse };

/**
 * Checks a login code against the unused codes of the email sent in the last lifetime (so that an
 * expired one is told apart), each compared in constant time; the matching code must be live: not
 * expired, not past its wrong tries; it is used once. A new email becomes an account (in the
 * code's language) and `isNewUser` is true. An email without a code is answered like a wrong code.
 *
 * Wrong tries are counted by network (an IPv4 address or an IPv6 /64), so that someone guessing
 * cannot lock the email's owner out:
 * - first, per network whatever the emails: LOGIN_CODE_CHECKS_PER_ADDRESS tries, and
 *   {@link LOGIN_CODE_FAILURES_PER_ADDRESS} wrong codes (trying many emails fails fast);
 * - a wrong code counts a try on the live codes that the same network asked for (each dies after
 *   {@link LOGIN_CODE_MAX_ATTEMPTS}), never on the codes other networks asked for;
 * - codes asked from other networks are tried only while the email's budget of wrong codes from
 *   other networks lasts ({@link LOGIN_CODE_FAILURES_PER_EMAIL}), and a wrong code tried against
 *   them spends it. Once it is spent, a network without a live code of its own is refused (429),
 *   and the person asks for a new code from where they are: that code works there.
 */
export async function verifyLoginCode(
  deps: IdentityDeps,
  input: { email: string; code: string; client: ClientInfo },
): Promise<LoginResponse> {
  const at = deps.now();
  const network = networkOf(input.client);
  const failuresOfNetwork = `login-fail:ip:${network ?? "unknown"}`;
  const failuresOfEmail = `login-fail:email:${input.email}`;
  if (network !== null) {
    const spent = await rateLimitReached(
      deps.db,
      failuresOfNetwork,
      LOGIN_CODE_FAILURES_PER_ADDRESS,
      at,
    );
    if (spent !== undefined) {
      throw rateLimitedError(LOGIN_CODE_FAILURES_PER_ADDRESS, spent.retryAfterSeconds);
    }
    await hitRateLimit(
      deps.db,
      `login-check:ip:${network}`,
      { ...LOGIN_CODE_CHECKS_PER_IP, limit: deps.config.loginCodeChecksPerAddress },
      at,
    );
  }
  const othersSpent = await rateLimitReached(
    deps.db,
    failuresOfEmail,
    LOGIN_CODE_FAILURES_PER_EMAIL,
    at,
  );
  const presented = hashLoginCode(deps.sessionCredentialKey, input.email, input.code);
  const outcome = await deps.db.transaction().execute(async (trx): Promise<VerifyOutcome> => {
    const rows = await lockLoginCodes(trx, input.email, new Date(at - LOGIN_CODE_TTL_MS));
    const isLive = (row: { expiresAt: Date; attempts: number }) =>
      row.expiresAt.getTime() > at && row.attempts < LOGIN_CODE_MAX_ATTEMPTS;
    const own = rows.filter((row) => row.requestedFrom === network);
    const ownLive = own.filter(isLive);
    if (othersSpent !== undefined && ownLive.length === 0) return { kind: "refused" };
    // Codes this call may match: its network's, and others' while their budget lasts.
    const candidates = othersSpent === undefined ? rows : own;
    const newest = candidates[0];
    if (newest === undefined) return { kind: "incorrect", spendsOthers: true };
    let match: (typeof rows)[number] | undefined;
    for (const row of candidates) {
      const stored = Buffer.from(row.codeHash);
      if (stored.length === presented.length && timingSafeEqual(stored, presented)) {
        match ??= row;
      }
    }
    if (match === undefined) {
      const live = candidates.filter(isLive);
      const spendsOthers = live.some((row) => row.requestedFrom !== network);
      if (ownLive.length > 0) {
        await trx
          .updateTable("loginCode")
          .set({ attempts: sql<number>`attempts + 1` })
          .where(
            "id",
            "in",
            ownLive.map((row) => row.id),
          )
          .execute();
      }
      if (live.length === 0) {
        return {
          kind: newest.expiresAt.getTime() <= at ? "expired" : "attempts",
          spendsOthers: false,
        };
      }
      const stillLive =
        spendsOthers || ownLive.some((row) => row.attempts + 1 < LOGIN_CODE_MAX_ATTEMPTS);
      return { kind: stillLive ? "incorrect" : "attempts", spendsOthers };
    }
    if (match.attempts >= LOGIN_CODE_MAX_ATTEMPTS) return { kind: "attempts", spendsOthers: false };
    if (match.expiresAt.getTime() <= at) return { kind: "expired", spendsOthers: false };
    const row = match;
    await trx
      .updateTable("loginCode")
      .set({ consumedAt: new Date(at) })
      .where("id", "=", row.id)
      .execute();

    const user = await findOrCreateUser(trx, {
      email: input.email,
      preferredLanguage: row.language,
    });
    // The code reached this inbox: Paraphe has proven the email itself.
    await trx
      .updateTable("appUser")
      .set({ emailVerifiedAt: new Date(at) })
      .where("id", "=", user.id)
      .where("emailVerifiedAt", "is", null)
      .execute();
    const login = await openSession(trx, deps, user, "code", input.client, at, user.created, true);
    return { kind: "ok", login };
  });

  if (outcome.kind === "refused") {
    throw rateLimitedError(LOGIN_CODE_FAILURES_PER_EMAIL, othersSpent?.retryAfterSeconds ?? 1);
  }
  if (outcome.kind !== "ok") {
    // Counted apart from the call's answer: a wrong code counts even though the call fails.
    await countRateLimitHit(deps.db, failuresOfNetwork, LOGIN_CODE_FAILURES_PER_ADDRESS, at);
    if (outcome.spendsOthers) {
      await countRateLimitHit(deps.db, failuresOfEmail, LOGIN_CODE_FAILURES_PER_EMAIL, at);
    }
  }
  if (outcome.kind !== "ok") throw codeRefusal(outcome.kind);
  return outcome.login;
}
