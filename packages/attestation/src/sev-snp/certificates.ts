/**
 * X.509 parsing and signature checks of the AMD certificate chain (ARK -> ASK -> VCEK), through
 * `@peculiar/x509` on WebCrypto, so that the same code runs in browsers and Node.
 *
 * `@peculiar/x509` resolves its algorithm providers through `tsyringe`, which needs the Reflect
 * metadata API: `@abraham/reflection` is imported first, in this module, before the library. It is
 * an ES module, so bundlers keep the order of evaluation (a CommonJS polyfill such as
 * `reflect-metadata` is run lazily by bundlers, after the library, and the app fails to start).
 */
import "@abraham/reflection";
import { PemConverter, X509Certificate } from "@peculiar/x509";

import { copyBytes, toHex } from "../internal/bytes";

/** One certificate: PEM text, or DER bytes (PEM text given as bytes is accepted too). */
export type CertificateInput = string | Uint8Array;
/** A PEM bundle, one DER certificate, or a list of either. */
export type CertificateChainInput = CertificateInput | readonly CertificateInput[];

export type { X509Certificate };

const PEM_BEGIN = "-----BEGIN";

function looksLikePemBytes(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 64)).trimStart();
  return head.startsWith(PEM_BEGIN);
}

/** Decodes every certificate in `input`. Throws when an input holds no certificate. */
export function decodeCertificates(input: CertificateChainInput): X509Certificate[] {
  const inputs: readonly CertificateInput[] = Array.isArray(input)
    ? (input as readonly CertificateInput[])
    : [input as CertificateInput];
  const certificates: X509Certificate[] = [];
  for (const item of inputs) {
    if (typeof item === "string" || looksLikePemBytes(item)) {
      const text = typeof item === "string" ? item : new TextDecoder().decode(item);
      const blocks = PemConverter.decode(text);
      if (blocks.length === 0) throw new Error("The PEM text holds no certificate.");
      for (const block of blocks) certificates.push(new X509Certificate(block));
    } else {
      certificates.push(new X509Certificate(copyBytes(item)));
    }
  }
  return certificates;
}

/** Decodes exactly one certificate. */
export function decodeCertificate(input: CertificateInput): X509Certificate {
  const certificates = decodeCertificates(input);
  if (certificates.length !== 1 || !certificates[0]) {
    throw new Error(`Expected one certificate, found ${certificates.length}.`);
  }
  return certificates[0];
}

/** SHA-256 of the certificate's DER encoding, in lowercase hexadecimal. */
export async function certificateSha256(certificate: X509Certificate): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest("SHA-256", certificate.rawData);
  return toHex(new Uint8Array(digest));
}

/** The first Common Name of the certificate's subject, or `null`. */
export function subjectCommonName(certificate: X509Certificate): string | null {
  return certificate.subjectName.getField("CN")[0] ?? null;
}

/** Whether the certificate is signed with RSASSA-PSS using SHA-384, as AMD signs ARK, ASK and VCEK. */
export function isRsaPssSha384(certificate: X509Certificate): boolean {
  const algorithm = certificate.signatureAlgorithm as { name?: string; hash?: { name?: string } };
  return algorithm.name === "RSA-PSS" && algorithm.hash?.name?.toUpperCase() === "SHA-384";
}

/** Whether `certificate`'s signature verifies with `issuer`'s public key; `false` on any error. */
export async function isSignedBy(
  certificate: X509Certificate,
  issuer: X509Certificate,
): Promise<boolean> {
  try {
    return await certificate.verify({ publicKey: issuer.publicKey, signatureOnly: true });
  } catch {
    return false;
  }
}

/** The certificate's extension values (the content of each extnValue OCTET STRING) by OID. */
export function extensionValues(certificate: X509Certificate): Map<string, Uint8Array> {
  const values = new Map<string, Uint8Array>();
  for (const extension of certificate.extensions) {
    values.set(extension.type, new Uint8Array(extension.value));
  }
  return values;
}

/** Imports the certificate's public key as an ECDSA P-384 verification key. */
export async function importEcdsaP384Key(certificate: X509Certificate): Promise<CryptoKey> {
  const algorithm = certificate.publicKey.algorithm as { name?: string; namedCurve?: string };
  if (algorithm.name !== "ECDSA" || algorithm.namedCurve !== "P-384") {
    throw new Error("The certificate's public key is not an ECDSA P-384 key.");
  }
  return certificate.publicKey.export({ name: "ECDSA", namedCurve: "P-384" }, ["verify"]);
}
