import { createHmac, hkdfSync, randomInt, timingSafeEqual } from "node:crypto";
import { VERIFICATION_CODE_LENGTH } from "@paraphe/api-sdk/contract";
import type { CodeRefusal } from "./code-refusal";

/*
 * The one-time codes a person types to prove they hold an address or a number: a signer's check
 * (email or SMS) and a direct link's visitor. Each is 6 digits, valid 10 minutes, dead after 5
 * wrong tries, and kept only as an HMAC under a key of its own purpose (so the database alone does
 * not let anyone test codes offline, and a code of one purpose never matches another's).
 */

/** A code is valid for 10 minutes. */
export const ONE_TIME_CODE_TTL_MS = 10 * 60_000;
/** After this many wrong tries a code is dead: the person asks for a new one. */
export const ONE_TIME_CODE_MAX_ATTEMPTS = 5;

/** A fresh code of VERIFICATION_CODE_LENGTH digits (uniform, crypto.randomInt). */
export function generateOneTimeCode(): string {
  let code = "";
  for (let i = 0; i < VERIFICATION_CODE_LENGTH; i++) code += String(randomInt(10));
  return code;
}

/**
 * The hash of the codes of one purpose: HMAC-SHA-256 of (scope, address, code), where the scope is
 * what the code was sent for (a recipient, a link) and the address where it went, under a key
 * derived (HKDF) from the link key with `purpose` as its info.
 */
export function oneTimeCodeHasher(
  purpose: string,
): (linkKey: Buffer, scope: string, address: string, code: string) => Buffer {
  const keys = new WeakMap<Buffer, Buffer>();
  return (linkKey, scope, address, code) => {
    let key = keys.get(linkKey);
    if (key === undefined) {
      key = Buffer.from(hkdfSync("sha256", linkKey, new Uint8Array(0), purpose, 32));
      keys.set(linkKey, key);
    }
    return createHmac("sha256", key).update(`${scope}\n${address}\n${code}`, "utf8").digest();
  };
}

/** The newest live code of a scope, as its table keeps it. */
export interface StoredCode {
  attempts: number;
  expiresAt: Date;
  codeHash: Uint8Array;
}

/**
 * What a typed code is worth against the newest stored one at `at` (none stored: `incorrect`, for
 * the caller to answer): a refusal without a try counted (already dead, expired), `wrongTry` (the
 * caller counts the try, and the code is then dead if that was the last one: {@link afterWrongTry}),
 * or `ok`. `presented` is the typed code's hash; `stillValid` adds what the caller knows (the code
 * went where the person still is).
 */
export function judgeOneTimeCode(
  newest: StoredCode,
  presented: () => Buffer,
  at: number,
  stillValid = true,
): "ok" | "wrongTry" | Exclude<CodeRefusal, "incorrect"> {
  if (newest.attempts >= ONE_TIME_CODE_MAX_ATTEMPTS) return "attempts";
  if (newest.expiresAt.getTime() <= at) return "expired";
  const stored = Buffer.from(newest.codeHash);
  const hash = presented();
  const matches = stored.length === hash.length && timingSafeEqual(stored, hash);
  return matches && stillValid ? "ok" : "wrongTry";
}

/** The refusal of a wrong try once counted: the last allowed try kills the code. */
export function afterWrongTry(newest: StoredCode): CodeRefusal {
  return newest.attempts + 1 >= ONE_TIME_CODE_MAX_ATTEMPTS ? "attempts" : "incorrect";
}
