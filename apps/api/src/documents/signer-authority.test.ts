import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import path from "node:path";
import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { afterAll, describe, expect, it } from "vitest";
import {
  issueSignerCertificate,
  loadOrCreateSignerAuthority,
  SIGNER_CERTIFICATE_LIFETIME_MS,
} from "./signer-authority";
import { requireTool, runToolOrThrow, temporaryDirectory } from "../test/documents";

const tmp = temporaryDirectory();
afterAll(() => tmp.cleanup());

/** openssl's verdict on `certificate` issued by `authority` (both PEM). */
function opensslVerify(authorityPem: string, certificatePem: string, at = new Date()): string {
  const dir = temporaryDirectory("paraphe-verify-");
  try {
    return runToolOrThrow("openssl", [
      "verify",
      "-CAfile",
      dir.file("ca.pem", authorityPem),
      "-purpose",
      "any",
      "-attime",
      String(Math.floor(at.getTime() / 1000)),
      dir.file("cert.pem", certificatePem),
    ]);
  } finally {
    dir.cleanup();
  }
}

describe("loadOrCreateSignerAuthority", () => {
  it("generates a development authority once, a CA, and reuses it at the next start", async () => {
    const dataDir = tmp.file("data");
    const first = await loadOrCreateSignerAuthority({ dataDir });
    const second = await loadOrCreateSignerAuthority({ dataDir });

    expect(first.source).toBe("development");
    expect(first.subject).toContain("CN=Paraphe development signer authority");
    expect(second.fingerprintSha256).toBe(first.fingerprintSha256);
    const certificate = new x509.X509Certificate(first.certificate);
    expect(certificate.getExtension(x509.BasicConstraintsExtension)?.ca).toBe(true);
    const keyFile = path.join(dataDir, "signer-ca", "development-key.pem");
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
  });

  it("reads a configured PKCS#12 authority (RSA), issues with it, and refuses a wrong passphrase or a non-CA", async () => {
    requireTool("openssl");
    const p12 = (name: string, ca: boolean) => {
      const key = tmp.file(`${name}-key.pem`);
      const certificate = tmp.file(`${name}-cert.pem`);
      const file = tmp.file(`${name}.p12`);
      execFileSync(
        "openssl",
        [
          ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "30"],
          ...["-keyout", key, "-out", certificate, "-subj", `/CN=${name}/O=Example SAS`],
          ...(ca
            ? [
                "-addext",
                "basicConstraints=critical,CA:TRUE",
                "-addext",
                "keyUsage=critical,keyCertSign,cRLSign",
              ]
            : ["-addext", "basicConstraints=critical,CA:FALSE"]),
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
          file,
          "-passout",
          "pass:ca-pass",
        ],
        { stdio: "pipe" },
      );
      return file;
    };
    const authorityFile = p12("Example signer authority", true);
    const authority = await loadOrCreateSignerAuthority({
      dataDir: tmp.file("unused"),
      p12File: authorityFile,
      p12Passphrase: "ca-pass",
    });
    expect(authority.source).toBe("pkcs12");
    const issued = await issueSignerCertificate(authority, {
      name: "Jane Doe",
      email: "jane@example.com",
      check: "sms_code",
    });
    const pem = new x509.X509Certificate(issued.certificate).toString("pem");
    expect(opensslVerify(authority.certificatePem, pem)).toContain("OK");

    await expect(
      loadOrCreateSignerAuthority({
        dataDir: tmp.dir,
        p12File: authorityFile,
        p12Passphrase: "no",
      }),
    ).rejects.toThrow(/wrong passphrase/);
    await expect(
      loadOrCreateSignerAuthority({
        dataDir: tmp.dir,
        p12File: p12("Not an authority", false),
        p12Passphrase: "ca-pass",
      }),
    ).rejects.toThrow(/not a certification authority/);
  });
});

describe("issueSignerCertificate", () => {
  it("names the signer and their check, lasts an hour, signs only, and chains to the authority", async () => {
    const authority = await loadOrCreateSignerAuthority({ dataDir: tmp.file("issue") });
    // The authority was made just now (its validity starts a few minutes before): issue at now,
    // in whole seconds as certificates count them.
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    const issued = await issueSignerCertificate(
      authority,
      { name: "Zoë Łukasiewicz, Jr.", email: "zoe@example.com", check: "email_code" },
      now,
    );
    const certificate = new x509.X509Certificate(issued.certificate);

    expect(certificate.subjectName.getField("CN")).toEqual(["Zoë Łukasiewicz, Jr."]);
    expect(certificate.subjectName.getField("E")).toEqual(["zoe@example.com"]);
    expect(certificate.subjectName.getField("OU")).toEqual([
      "Signer checked by a one-time code sent by email",
    ]);
    expect(certificate.issuer).toBe(authority.subject);
    const names = certificate.getExtension(x509.SubjectAlternativeNameExtension);
    expect(names?.names.toJSON()).toEqual([{ type: "email", value: "zoe@example.com" }]);
    const usages = certificate.getExtension(x509.KeyUsagesExtension);
    expect(usages?.critical).toBe(true);
    expect(usages?.usages).toBe(
      x509.KeyUsageFlags.nonRepudiation | x509.KeyUsageFlags.digitalSignature,
    );
    expect(certificate.getExtension(x509.BasicConstraintsExtension)?.ca).toBe(false);
    // Short-lived: it says no revocation status is published (RFC 9608), so long-term
    // validation needs none for it.
    const noRevocation = certificate.getExtension("2.5.29.56");
    expect(noRevocation?.critical).toBe(false);
    expect(Buffer.from(noRevocation?.value ?? new ArrayBuffer(0)).toString("hex")).toBe("0500");
    expect(certificate.notAfter.getTime()).toBe(now.getTime() + SIGNER_CERTIFICATE_LIFETIME_MS);
    expect(certificate.notBefore.getTime()).toBeLessThan(now.getTime());
    expect(issued.serialNumber).toBe(certificate.serialNumber.toLowerCase());
    expect(issued.fingerprintSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(issued.chain).toEqual([authority.certificate]);
    expect(
      await certificate.verify({
        publicKey: new x509.X509Certificate(authority.certificate).publicKey,
        signatureOnly: true,
      }),
    ).toBe(true);

    // A fresh key each time: two signatures never share a key or a serial.
    const again = await issueSignerCertificate(
      authority,
      { name: "Zoë", email: "zoe@example.com", check: "email_code" },
      now,
    );
    expect(again.serialNumber).not.toBe(issued.serialNumber);
    expect(Buffer.from(again.pkcs8).equals(Buffer.from(issued.pkcs8))).toBe(false);
    // openssl checks the chain as validators do, at the time of signing.
    expect(opensslVerify(authority.certificatePem, certificate.toString("pem"), now)).toContain(
      "OK",
    );
  });
});
