import { CryptoKeySigner, PDF } from "@libpdf/core";
// @peculiar/x509 resolves its providers through tsyringe, which needs the Reflect metadata API
// first (ES modules evaluate imports in order).
import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { uniqueFieldName } from "./seal";
import { drawFields, parseStampFields, type StampField } from "./stamp";

/** One signer's advanced signature (AES): their certificate, its key and where it is written. */
export interface SignerSignatureOptions {
  /** The certificate issued to the signer for this signature (`issueSignerCertificate`), DER. */
  certificate: Uint8Array;
  /** Its private key, PKCS#8, used for this signature and dropped with the worker's task. */
  pkcs8: Uint8Array;
  /** The issuing authority's certificates, DER, embedded so validators can build the chain. */
  chain: readonly Uint8Array[];
  /** Name of the signature field (the signer's name): viewers list it in their signature panel. */
  fieldName: string;
  reason: string;
  location: string;
  /** The claimed signing time; now by default. */
  signingTime?: Date;
}

/**
 * Adds one signer's PAdES signature (B-B, ETSI.CAdES.detached, SHA-256) to the current revision of
 * a document, with that signer's fields drawn in the same incremental update: the input bytes stay
 * a prefix of the output, so the signatures already in the file stay valid, and this one covers
 * everything up to it (its fields included). A signature field named after the signer (made unique
 * in the document) holds it. Runs in the document worker (`signAsSigner` in `worker-pool.ts`).
 */
export async function signAsSignerInThisThread(
  bytes: Uint8Array,
  fields: readonly StampField[],
  options: SignerSignatureOptions,
): Promise<Uint8Array> {
  const parsed = parseStampFields(fields);
  const signer = await signerOf(options);
  const pdf = await PDF.load(bytes);
  drawFields(pdf, parsed);
  const chainBytes = [options.certificate, ...options.chain].reduce(
    (total, certificate) => total + certificate.length,
    0,
  );
  const { bytes: signed } = await pdf.sign({
    signer,
    level: "B-B",
    reason: options.reason,
    location: options.location,
    fieldName: uniqueFieldName(pdf, options.fieldName),
    signingTime: options.signingTime,
    digestAlgorithm: "SHA-256",
    estimatedSize: 8192 + 2 * chainBytes,
  });
  return signed;
}

async function signerOf(options: SignerSignatureOptions): Promise<CryptoKeySigner> {
  const algorithm = new x509.X509Certificate(options.certificate).publicKey.algorithm;
  const chain = options.chain.map((certificate) => new Uint8Array(certificate));
  if (algorithm.name === "ECDSA") {
    const namedCurve = (algorithm as { namedCurve?: string }).namedCurve ?? "P-256";
    const key = await crypto.subtle.importKey(
      "pkcs8",
      options.pkcs8,
      { name: "ECDSA", namedCurve },
      false,
      ["sign"],
    );
    return new CryptoKeySigner(key, options.certificate, "EC", "ECDSA", chain);
  }
  if (algorithm.name === "RSASSA-PKCS1-v1_5") {
    const key = await crypto.subtle.importKey(
      "pkcs8",
      options.pkcs8,
      { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
      false,
      ["sign"],
    );
    return new CryptoKeySigner(key, options.certificate, "RSA", "RSASSA-PKCS1-v1_5", chain);
  }
  throw new Error(`The signer certificate's key type (${algorithm.name}) is not supported.`);
}
