import { execFileSync } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkCertificateChain, displayName } from "./certificate-chain";

// Certificates made with openssl (Debian package `openssl`) in a throw-away folder.
const dir = mkdtempSync(path.join(tmpdir(), "paraphe-chain-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function openssl(args: string[]): void {
  execFileSync("openssl", args, { cwd: dir, stdio: "ignore" });
}

/** A key and a certificate for `subject`, signed by `issuer` (self-signed when undefined). */
function certificate(
  name: string,
  subject: string,
  options: { issuer?: string; ca: boolean; days?: number; extensions?: string },
): X509Certificate {
  const extensions = path.join(dir, `${name}.ext`);
  writeFileSync(
    extensions,
    options.extensions ??
      (options.ca
        ? "basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n"
        : "basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\n"),
  );
  openssl([
    "genpkey",
    "-algorithm",
    "EC",
    "-pkeyopt",
    "ec_paramgen_curve:P-256",
    "-out",
    `${name}.key`,
  ]);
  openssl(["req", "-new", "-key", `${name}.key`, "-subj", subject, "-out", `${name}.csr`]);
  const days = String(options.days ?? 30);
  if (options.issuer === undefined) {
    openssl([
      "x509",
      "-req",
      "-in",
      `${name}.csr`,
      "-signkey",
      `${name}.key`,
      "-days",
      days,
      "-extfile",
      extensions,
      "-out",
      `${name}.pem`,
    ]);
  } else {
    openssl([
      "x509",
      "-req",
      "-in",
      `${name}.csr`,
      "-CA",
      `${options.issuer}.pem`,
      "-CAkey",
      `${options.issuer}.key`,
      "-CAcreateserial",
      "-days",
      days,
      "-extfile",
      extensions,
      "-out",
      `${name}.pem`,
    ]);
  }
  return new X509Certificate(readFileSync(path.join(dir, `${name}.pem`)));
}

describe("the certificate chain of a seal", () => {
  let root: X509Certificate;
  let intermediate: X509Certificate;
  let leaf: X509Certificate;
  let impostorRoot: X509Certificate;
  let notCa: X509Certificate;
  let leafUnderNotCa: X509Certificate;
  // After the certificates were made: their validity starts when openssl signs them.
  let now: Date;

  beforeAll(() => {
    root = certificate("root", "/CN=Test Root", { ca: true });
    intermediate = certificate("intermediate", "/CN=Test Intermediate", {
      issuer: "root",
      ca: true,
    });
    leaf = certificate("leaf", "/CN=Test Seal", { issuer: "intermediate", ca: false });
    impostorRoot = certificate("impostor", "/CN=Test Root", { ca: true });
    // No key usage (which would already stop it from issuing): only basicConstraints CA:FALSE.
    notCa = certificate("not-ca", "/CN=Not A CA", {
      issuer: "root",
      ca: false,
      extensions: "basicConstraints=critical,CA:FALSE\n",
    });
    leafUnderNotCa = certificate("leaf2", "/CN=Under Not A CA", { issuer: "not-ca", ca: false });
    now = new Date(Date.now() + 60_000);
  });

  it("leads through the intermediate the signature carries to the trusted root", () => {
    const result = checkCertificateChain(leaf, [leaf, intermediate], [root], now);
    expect(result.status).toBe("trusted");
    expect(result.chain.map(displayName)).toEqual(["Test Seal", "Test Intermediate", "Test Root"]);
  });

  it("without trust anchors, is consistent but says the root was not checked", () => {
    const withRoot = checkCertificateChain(leaf, [leaf, intermediate, root], [], now);
    expect(withRoot).toMatchObject({ status: "root-not-checked" });
    expect(withRoot.status === "root-not-checked" && displayName(withRoot.root)).toBe("Test Root");
    const withoutRoot = checkCertificateChain(leaf, [leaf, intermediate], [], now);
    expect(withoutRoot).toMatchObject({ status: "root-not-checked" });
  });

  it("fails against a root of the same name but another key", () => {
    expect(checkCertificateChain(leaf, [intermediate], [impostorRoot], now)).toMatchObject({
      status: "failed",
      reason: "issuer-missing",
    });
    // Carried in the signature, the impostor is not taken as the intermediate's issuer.
    const carried = checkCertificateChain(leaf, [intermediate, impostorRoot], [], now);
    expect(carried.chain.map(displayName)).toEqual(["Test Seal", "Test Intermediate"]);
    expect(carried.status).toBe("root-not-checked");
  });

  it("fails when the intermediate is missing", () => {
    expect(checkCertificateChain(leaf, [leaf], [root], now)).toMatchObject({
      status: "failed",
      reason: "issuer-missing",
    });
  });

  it("fails outside the certificates' validity period", () => {
    const later = new Date(now.getTime() + 60 * 24 * 3600 * 1000);
    expect(checkCertificateChain(leaf, [intermediate], [root], later)).toMatchObject({
      status: "failed",
      reason: "not-valid-at",
    });
  });

  it("fails when an issuer is not a certification authority", () => {
    expect(checkCertificateChain(leafUnderNotCa, [notCa], [root], now)).toMatchObject({
      status: "failed",
      reason: "not-ca",
    });
  });

  it("trusts a self-signed seal certificate given as the anchor itself", () => {
    expect(checkCertificateChain(root, [root], [root], now)).toMatchObject({ status: "trusted" });
  });
});
