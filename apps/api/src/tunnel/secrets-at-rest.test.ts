import { randomBytes } from "node:crypto";
import type { SessionSecrets } from "@paraphe/tunnel-client/protocol";
import { describe, expect, it } from "vitest";
import { deriveSecretsKey, openSecrets, sealSecrets } from "./secrets-at-rest";

function someSecrets(): SessionSecrets {
  return {
    c2sKey: new Uint8Array(randomBytes(32)),
    s2cKey: new Uint8Array(randomBytes(32)),
    c2sIv: new Uint8Array(randomBytes(12)),
    s2cIv: new Uint8Array(randomBytes(12)),
  };
}

describe("session secrets at rest", () => {
  const masterKey = randomBytes(32);
  const key = deriveSecretsKey(masterKey);

  it("opens what it sealed, and never stores the secrets in the clear", () => {
    const secrets = someSecrets();
    const sealed = sealSecrets(key, "session-1", secrets);
    expect(openSecrets(key, "session-1", sealed)).toEqual(secrets);
    expect(sealed.includes(Buffer.from(secrets.c2sKey))).toBe(false);
    // A fresh IV each time.
    expect(sealSecrets(key, "session-1", secrets).equals(sealed)).toBe(false);
  });

  it("uses a key derived from the master key, not the master key itself", () => {
    expect(key.equals(masterKey)).toBe(false);
    expect(deriveSecretsKey(masterKey).equals(key)).toBe(true);
    expect(() =>
      openSecrets(masterKey, "session-1", sealSecrets(key, "session-1", someSecrets())),
    ).toThrow();
  });

  it("refuses a row moved to another session id, a flipped bit anywhere, a truncated row or another master key", () => {
    const sealed = sealSecrets(key, "session-1", someSecrets());
    expect(() => openSecrets(key, "session-2", sealed)).toThrow();
    for (let offset = 0; offset < sealed.length; offset++) {
      const forged = Buffer.from(sealed);
      forged[offset] = (forged[offset] ?? 0) ^ 0x10;
      expect(() => openSecrets(key, "session-1", forged), `byte ${offset}`).toThrow();
    }
    expect(() => openSecrets(key, "session-1", sealed.subarray(0, sealed.length - 1))).toThrow();
    expect(() => openSecrets(deriveSecretsKey(randomBytes(32)), "session-1", sealed)).toThrow();
  });
});
