import { createHash, randomBytes, type webcrypto } from "node:crypto";
import path from "node:path";
// @peculiar/x509 resolves its providers through tsyringe, which needs the Reflect metadata API
// first (ES modules evaluate imports in order).
import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { openPkcs12File, readDevelopmentKeyPair, writeDevelopmentKeyPair } from "./certificates";

/**
 * The deployment's signer certification authority: it issues, at the advanced level (AES), a
 * short-lived certificate naming each signer once they passed their check. Plain data and a
 * signing function; it stays in the api's main thread (the issued certificate and its key cross to
 * the document worker, the authority's key never does).
 */
export interface SignerAuthority {
  /** "development": generated at first start; "pkcs12": the configured PKCS#12 file. */
  source: "development" | "pkcs12";
  /** The authority's certificate, DER, which validators are given as the trust anchor. */
  certificate: Uint8Array;
  certificatePem: string;
  subject: string;
  fingerprintSha256: string;
  /** Signs `data` (SHA-256) with the authority's key, in WebCrypto's signature format. */
  sign: (data: Uint8Array) => Promise<ArrayBuffer>;
  /** The algorithm its certificates are signed with (the key's, with SHA-256). */
  algorithm: webcrypto.RsaHashedImportParams | webcrypto.EcKeyImportParams;
}

export interface SignerAuthorityOptions {
  /** The api's data folder; the development authority lives in `signer-ca/` inside it. */
  dataDir: string;
  /** A PKCS#12 (.p12/.pfx) file with the authority's certificate (a CA) and key. */
  p12File?: string;
  p12Passphrase?: string;
}

/** How a signer proved who they are before signing, as their certificate names it. */
export type SignerCheck = "email_code" | "sms_code" | "account";

/** What an issued certificate says, as validators and the proof show it. */
export const SIGNER_CHECK_DESCRIPTIONS: Readonly<Record<SignerCheck, string>> = {
  email_code: "Signer checked by a one-time code sent by email",
  sms_code: "Signer checked by a one-time code sent by SMS",
  account: "Signer checked by signing in to a Paraphe account",
};

/** A certificate issued to one signer for one signature, with its key (never stored). */
export interface SignerCertificate {
  certificate: Uint8Array;
  /** The signer's private key, PKCS#8: it lives in memory for one signature only. */
  pkcs8: Uint8Array;
  /** The authority's certificate, DER, to embed as the chain. */
  chain: Uint8Array[];
  subject: string;
  /** Lowercase hex. */
  serialNumber: string;
  fingerprintSha256: string;
  notBefore: Date;
  notAfter: Date;
}

const DEVELOPMENT_FOLDER = "signer-ca";
const KEY_FILE = "development-key.pem";
const CERTIFICATE_FILE = "development-certificate.pem";
const DEVELOPMENT_SUBJECT = "CN=Paraphe development signer authority, O=Paraphe (development only)";
const RENEW_BEFORE_MS = 30 * 24 * 3600 * 1000;
/** id-ce-noRevAvail (RFC 9608): no revocation status is published for the certificate. */
const NO_REVOCATION_AVAILABLE = "2.5.29.56";
/** Issued certificates last an hour: long enough to sign, too short to be reused. */
export const SIGNER_CERTIFICATE_LIFETIME_MS = 60 * 60 * 1000;
/** Issued certificates start a little before now, so that a validator's clock a bit late accepts them. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;
const EC_P256 = { name: "ECDSA", namedCurve: "P-256" } as const;

/**
 * Loads the signer authority. With `p12File`, reads the PKCS#12 file (a wrong passphrase, or a
 * certificate that is not a CA, fails here, at start). Without it, uses the development authority in
 * `dataDir/signer-ca/`, generating it (ECDSA P-256, self-signed, ten years) the first time and
 * whenever it is about to expire; its key is stored unencrypted with mode 0600, for development.
 */
export async function loadOrCreateSignerAuthority(
  options: SignerAuthorityOptions,
): Promise<SignerAuthority> {
  if (options.p12File) return loadPkcs12(options.p12File, options.p12Passphrase ?? "");
  return loadOrCreateDevelopmentAuthority(path.join(options.dataDir, DEVELOPMENT_FOLDER));
}

async function loadPkcs12(file: string, passphrase: string): Promise<SignerAuthority> {
  const { signer } = await openPkcs12File(file, passphrase, "The signer authority's file");
  const certificate = new x509.X509Certificate(signer.certificate);
  requireAuthority(certificate, file);
  const key = certificate.publicKey.algorithm;
  const algorithm =
    key.name === "ECDSA"
      ? { name: "ECDSA", namedCurve: (key as webcrypto.EcKeyAlgorithm).namedCurve }
      : { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" };
  return describe("pkcs12", signer.certificate, algorithm, async (data) => {
    const signature = await signer.sign(data, "SHA-256");
    // @libpdf/core gives ECDSA signatures DER-encoded (as CMS wants them); certificates are
    // built from WebCrypto's format (r || s).
    if (algorithm.name !== "ECDSA") return copy(signature);
    const formatter = new x509.AsnEcSignatureFormatter();
    const web = formatter.toWebSignature(
      {
        name: "ECDSA",
        namedCurve: (key as webcrypto.EcKeyAlgorithm).namedCurve,
      } as webcrypto.EcKeyAlgorithm,
      copy(signature),
    );
    if (web === null) throw new Error("The signer authority's ECDSA signature could not be read.");
    return web;
  });
}

function requireAuthority(certificate: x509.X509Certificate, file: string): void {
  const constraints = certificate.getExtension(x509.BasicConstraintsExtension);
  const usages = certificate.getExtension(x509.KeyUsagesExtension);
  if (
    constraints?.ca !== true ||
    (usages !== null && (usages.usages & x509.KeyUsageFlags.keyCertSign) === 0)
  ) {
    throw new Error(
      `The signer authority's certificate is not a certification authority (basicConstraints CA and keyCertSign): ${file}`,
    );
  }
}

async function loadOrCreateDevelopmentAuthority(folder: string): Promise<SignerAuthority> {
  const keyFile = path.join(folder, KEY_FILE);
  const certificateFile = path.join(folder, CERTIFICATE_FILE);
  const existing = await readDevelopmentAuthority(keyFile, certificateFile);
  if (existing && existing.notAfter.getTime() - Date.now() > RENEW_BEFORE_MS) {
    return existing.authority;
  }
  const keys = await crypto.subtle.generateKey(EC_P256, true, ["sign", "verify"]);
  const now = Date.now();
  const certificate = await x509.X509CertificateGenerator.createSelfSigned(
    {
      name: DEVELOPMENT_SUBJECT,
      keys,
      serialNumber: randomSerial(),
      notBefore: new Date(now - CLOCK_SKEW_MS),
      notAfter: new Date(now + 10 * 365 * 24 * 3600 * 1000),
      signingAlgorithm: { ...EC_P256, hash: "SHA-256" },
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(
          x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign,
          true,
        ),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
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
  return developmentAuthority(new Uint8Array(certificate.rawData), keys.privateKey);
}

async function readDevelopmentAuthority(
  keyFile: string,
  certificateFile: string,
): Promise<{ authority: SignerAuthority; notAfter: Date } | undefined> {
  const pair = await readDevelopmentKeyPair({ keyFile, certificateFile });
  if (pair === undefined) return undefined;
  const der = pair.certificate;
  const key = await crypto.subtle.importKey("pkcs8", pair.pkcs8, EC_P256, false, ["sign"]);
  return {
    authority: developmentAuthority(der, key),
    notAfter: new x509.X509Certificate(der).notAfter,
  };
}

function developmentAuthority(der: Uint8Array, key: CryptoKey): SignerAuthority {
  return describe("development", der, EC_P256, (data) =>
    crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, key, copy(data)),
  );
}

function describe(
  source: SignerAuthority["source"],
  der: Uint8Array,
  algorithm: SignerAuthority["algorithm"],
  sign: SignerAuthority["sign"],
): SignerAuthority {
  const parsed = new x509.X509Certificate(der);
  return {
    source,
    certificate: der,
    certificatePem: parsed.toString("pem"),
    subject: parsed.subject,
    fingerprintSha256: createHash("sha256").update(der).digest("hex"),
    sign,
    algorithm,
  };
}

export interface SignerIdentity {
  name: string;
  email: string;
  check: SignerCheck;
}

/**
 * Issues a certificate for one signature of `signer`: a fresh ECDSA P-256 key, valid one hour
 * (from five minutes before `now`), naming the signer (CN the name, emailAddress and an
 * rfc822Name alternative name the email, OU the check they passed), for non-repudiation and digital
 * signature, not a CA, signed by the authority. The key is returned to be used once and dropped.
 */
export async function issueSignerCertificate(
  authority: SignerAuthority,
  signer: SignerIdentity,
  now: Date = new Date(),
): Promise<SignerCertificate> {
  const keys = await crypto.subtle.generateKey(EC_P256, true, ["sign", "verify"]);
  const issuer = new x509.X509Certificate(authority.certificate);
  const notBefore = new Date(now.getTime() - CLOCK_SKEW_MS);
  const notAfter = new Date(now.getTime() + SIGNER_CERTIFICATE_LIFETIME_MS);
  const subject = new x509.Name([
    { CN: [signer.name.trim() || signer.email] },
    { E: [signer.email] },
    { OU: [SIGNER_CHECK_DESCRIPTIONS[signer.check]] },
    { O: ["Paraphe signer"] },
  ]);
  const authorityKeyId = issuer.getExtension(x509.SubjectKeyIdentifierExtension);
  const extensions: x509.Extension[] = [
    new x509.BasicConstraintsExtension(false, undefined, true),
    new x509.KeyUsagesExtension(
      x509.KeyUsageFlags.nonRepudiation | x509.KeyUsageFlags.digitalSignature,
      true,
    ),
    new x509.SubjectAlternativeNameExtension([{ type: "email", value: signer.email }]),
    await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    // id-ce-noRevAvail (RFC 9608, its value an ASN.1 NULL): the certificate lives an hour, so the
    // authority publishes no revocation status for it, and validators need none.
    new x509.Extension(NO_REVOCATION_AVAILABLE, false, new Uint8Array([0x05, 0x00])),
  ];
  extensions.push(
    authorityKeyId === null
      ? await x509.AuthorityKeyIdentifierExtension.create(issuer.publicKey)
      : new x509.AuthorityKeyIdentifierExtension(authorityKeyId.keyId),
  );
  // The authority signs through its own function (a key from a PKCS#12 file or the development
  // key): the generator's WebCrypto is handed a `sign` that calls it.
  const signing: webcrypto.Crypto = Object.create(crypto, {
    subtle: {
      value: Object.create(crypto.subtle, {
        sign: {
          value: (_algorithm: unknown, _key: unknown, data: webcrypto.BufferSource) =>
            authority.sign(bytesOf(data)),
        },
      }),
    },
  });
  const certificate = await x509.X509CertificateGenerator.create(
    {
      serialNumber: randomSerial(),
      subject,
      issuer: issuer.subjectName,
      notBefore,
      notAfter,
      publicKey: new x509.PublicKey(await crypto.subtle.exportKey("spki", keys.publicKey)),
      signingKey: await issuer.publicKey.export(authority.algorithm, ["verify"], crypto),
      signingAlgorithm: { ...authority.algorithm, hash: "SHA-256" },
      extensions,
    },
    signing,
  );
  const der = new Uint8Array(certificate.rawData);
  return {
    certificate: der,
    pkcs8: new Uint8Array(await crypto.subtle.exportKey("pkcs8", keys.privateKey)),
    chain: [authority.certificate],
    subject: certificate.subject,
    serialNumber: certificate.serialNumber.toLowerCase(),
    fingerprintSha256: createHash("sha256").update(der).digest("hex"),
    notBefore: certificate.notBefore,
    notAfter: certificate.notAfter,
  };
}

/** 16 random bytes, positive (high bit clear) and not starting with a zero byte, as hex. */
function randomSerial(): string {
  const bytes = randomBytes(16);
  bytes[0] = ((bytes[0] ?? 0) & 0x7f) | 0x40;
  return bytes.toString("hex");
}

function bytesOf(data: webcrypto.BufferSource): Uint8Array {
  return ArrayBuffer.isView(data)
    ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
    : new Uint8Array(data);
}

function copy(bytes: Uint8Array): ArrayBuffer {
  return bytes.slice().buffer;
}
