import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { P12Signer } from "@libpdf/core";
// @peculiar/x509 resolves its providers through tsyringe, which needs the Reflect metadata API
// first (ES modules evaluate imports in order).
import "reflect-metadata";
import * as x509 from "@peculiar/x509";

/**
 * The platform's signing identity: the certificate and key that seal completed documents. It is
 * plain data (bytes and strings), so it can be handed to the document worker thread, which builds
 * the signer there.
 */
export interface PlatformIdentity {
  /** "development": generated at first start; "pkcs12": the configured PKCS#12 file. */
  source: "development" | "pkcs12";
  /** The signing certificate, DER. */
  certificate: Uint8Array;
  certificatePem: string;
  /** The certificate's subject, as an RFC 4514 string. */
  subject: string;
  notAfter: Date;
  /** SHA-256 of the certificate's DER, lowercase hex. */
  fingerprintSha256: string;
  key:
    | { format: "pkcs12"; p12: Uint8Array; passphrase: string }
    | { format: "pkcs8"; pkcs8: Uint8Array };
}

export interface PlatformIdentityOptions {
  /** The api's data folder; the development identity lives in `platform-seal/` inside it. */
  dataDir: string;
  /** A PKCS#12 (.p12/.pfx) file with the production certificate and key. */
  p12File?: string;
  p12Passphrase?: string;
}

const DEVELOPMENT_FOLDER = "platform-seal";
const KEY_FILE = "development-key.pem";
const CERTIFICATE_FILE = "development-certificate.pem";
const DEVELOPMENT_SUBJECT = "CN=Paraphe development seal, O=Paraphe (development only)";
/** The development certificate is replaced when it has less than this left. */
const RENEW_BEFORE_MS = 30 * 24 * 3600 * 1000;
const RSA_SIGNING = {
  name: "RSASSA-PKCS1-v1_5",
  hash: "SHA-256",
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
} as const;

/**
 * Loads the platform's signing identity. With `p12File`, reads the PKCS#12 file and checks that
 * the passphrase opens it (a wrong passphrase fails here, at start, not at the first seal).
 * Without it, uses the development certificate in `dataDir/platform-seal/`, generating it (RSA
 * 2048, self-signed, ten years) the first time and whenever it is about to expire. The development
 * key is stored unencrypted with mode 0600: it is for development, and seals made with it say so
 * in their subject.
 */
export async function loadOrCreatePlatformIdentity(
  options: PlatformIdentityOptions,
): Promise<PlatformIdentity> {
  if (options.p12File) return loadPkcs12(options.p12File, options.p12Passphrase ?? "");
  return loadOrCreateDevelopmentIdentity(path.join(options.dataDir, DEVELOPMENT_FOLDER));
}

async function loadPkcs12(file: string, passphrase: string): Promise<PlatformIdentity> {
  const { p12, signer } = await openPkcs12File(file, passphrase, "The signing certificate file");
  return describe("pkcs12", signer.certificate, { format: "pkcs12", p12, passphrase });
}

/**
 * Reads a PKCS#12 file and opens it with its passphrase, at start: a wrong passphrase or a file
 * that is not PKCS#12 fails with a message naming `what` and the file (never the passphrase).
 */
export async function openPkcs12File(
  file: string,
  passphrase: string,
  what: string,
): Promise<{ p12: Uint8Array; signer: P12Signer }> {
  const p12 = new Uint8Array(await readFile(file));
  try {
    return { p12, signer: await P12Signer.create(p12, passphrase) };
  } catch (error) {
    throw new Error(
      `${what} could not be opened (wrong passphrase or not a PKCS#12 file): ${file}`,
      { cause: error },
    );
  }
}

async function loadOrCreateDevelopmentIdentity(folder: string): Promise<PlatformIdentity> {
  const keyFile = path.join(folder, KEY_FILE);
  const certificateFile = path.join(folder, CERTIFICATE_FILE);
  const existing = await readDevelopmentIdentity(keyFile, certificateFile);
  if (existing && existing.notAfter.getTime() - Date.now() > RENEW_BEFORE_MS) return existing;

  const keys = await crypto.subtle.generateKey(RSA_SIGNING, true, ["sign", "verify"]);
  const now = new Date();
  const certificate = await x509.X509CertificateGenerator.createSelfSigned(
    {
      name: DEVELOPMENT_SUBJECT,
      keys,
      notBefore: new Date(now.getTime() - 5 * 60 * 1000),
      notAfter: new Date(now.getTime() + 10 * 365 * 24 * 3600 * 1000),
      signingAlgorithm: RSA_SIGNING,
      extensions: [
        // Its own trust anchor: validators (NSS behind pdfsig) accept a self-signed certificate
        // as trusted only when it may act as a CA.
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(
          x509.KeyUsageFlags.digitalSignature |
            x509.KeyUsageFlags.nonRepudiation |
            x509.KeyUsageFlags.keyCertSign,
          true,
        ),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
        await x509.AuthorityKeyIdentifierExtension.create(keys.publicKey),
      ],
    },
    crypto,
  );
  const pkcs8 = new Uint8Array(await crypto.subtle.exportKey("pkcs8", keys.privateKey));
  await writeDevelopmentKeyPair(
    folder,
    { keyFile, certificateFile },
    pkcs8,
    certificate.toString("pem"),
  );
  return describe("development", new Uint8Array(certificate.rawData), { format: "pkcs8", pkcs8 });
}

async function readDevelopmentIdentity(
  keyFile: string,
  certificateFile: string,
): Promise<PlatformIdentity | undefined> {
  const pair = await readDevelopmentKeyPair({ keyFile, certificateFile });
  if (pair === undefined) return undefined;
  return describe("development", pair.certificate, { format: "pkcs8", pkcs8: pair.pkcs8 });
}

/** A development key and certificate's files (PEM), in a folder of their own. */
export interface DevelopmentKeyFiles {
  keyFile: string;
  certificateFile: string;
}

/** Reads a development key (PKCS#8) and certificate (DER), or undefined when they are not there. */
export async function readDevelopmentKeyPair(
  files: DevelopmentKeyFiles,
): Promise<{ pkcs8: Uint8Array; certificate: Uint8Array } | undefined> {
  let keyPem: string;
  let certificatePem: string;
  try {
    [keyPem, certificatePem] = await Promise.all([
      readFile(files.keyFile, "utf8"),
      readFile(files.certificateFile, "utf8"),
    ]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  return {
    pkcs8: new Uint8Array(x509.PemConverter.decodeFirst(keyPem)),
    certificate: new Uint8Array(x509.PemConverter.decodeFirst(certificatePem)),
  };
}

/**
 * Writes a development key (mode 0600) and its certificate into their folder (made 0700), each
 * file replaced at once so that a crash leaves the old one or the new one.
 */
export async function writeDevelopmentKeyPair(
  folder: string,
  files: DevelopmentKeyFiles,
  pkcs8: Uint8Array,
  certificatePem: string,
): Promise<void> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await writeAtomically(
    files.keyFile,
    x509.PemConverter.encode(pkcs8.slice().buffer, "PRIVATE KEY"),
    0o600,
  );
  await writeAtomically(files.certificateFile, certificatePem, 0o644);
}

function describe(
  source: PlatformIdentity["source"],
  der: Uint8Array,
  key: PlatformIdentity["key"],
): PlatformIdentity {
  const parsed = new x509.X509Certificate(der);
  return {
    source,
    certificate: der,
    certificatePem: parsed.toString("pem"),
    subject: parsed.subject,
    notAfter: parsed.notAfter,
    fingerprintSha256: createHash("sha256").update(der).digest("hex"),
    key,
  };
}

async function writeAtomically(file: string, content: string, mode: number): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, content, { mode });
  await rename(temporary, file);
}
