import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadOrCreatePlatformIdentity } from "./certificates";
import { requireTool, temporaryDirectory } from "../test/documents";

const tmp = temporaryDirectory();
afterAll(() => tmp.cleanup());

describe("loadOrCreatePlatformIdentity", () => {
  it("generates a development certificate once and reuses it at the next start", async () => {
    const dataDir = tmp.file("data");
    const first = await loadOrCreatePlatformIdentity({ dataDir });
    const second = await loadOrCreatePlatformIdentity({ dataDir });

    expect(first.source).toBe("development");
    expect(first.subject).toContain("CN=Paraphe development seal");
    expect(second.fingerprintSha256).toBe(first.fingerprintSha256);
    expect(second.key).toEqual(first.key);
    expect(first.notAfter.getTime()).toBeGreaterThan(Date.now() + 5 * 365 * 24 * 3600 * 1000);
    const keyFile = path.join(dataDir, "platform-seal", "development-key.pem");
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
  });

  it("reads a configured PKCS#12 file and refuses a wrong passphrase", async () => {
    requireTool("openssl");
    const key = tmp.file("key.pem");
    const certificate = tmp.file("cert.pem");
    const p12File = tmp.file("seal.p12");
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "30",
        "-keyout",
        key,
        "-out",
        certificate,
        "-subj",
        "/CN=Paraphe production seal/O=Example SAS",
      ],
      { stdio: "pipe" },
    );
    execFileSync(
      "openssl",
      [
        "pkcs12",
        "-export",
        "-inkey",
        key,
        "-in",
        certificate,
        "-out",
        p12File,
        "-passout",
        "pass:s3cret",
      ],
      { stdio: "pipe" },
    );

    const identity = await loadOrCreatePlatformIdentity({
      dataDir: tmp.file("unused"),
      p12File,
      p12Passphrase: "s3cret",
    });
    expect(identity.source).toBe("pkcs12");
    expect(identity.subject).toContain("CN=Paraphe production seal");
    expect(identity.certificatePem).toContain("BEGIN CERTIFICATE");

    await expect(
      loadOrCreatePlatformIdentity({
        dataDir: tmp.file("unused"),
        p12File,
        p12Passphrase: "wrong",
      }),
    ).rejects.toThrow(/could not be opened/);
  });
});
