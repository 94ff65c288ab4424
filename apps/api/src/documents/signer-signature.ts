import { CryptoKeySigner, PDF, type Signer } from "@libpdf/core";
// @peculiar/x509 resolves its providers through tsyringe, which needs the Reflect metadata API
// first (ES modules evaluate imports in order).
import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { CscClient } from "../qes/csc-client";
import { CscSigner } from "../qes/csc-signer";
import { providerFetch } from "./provider-fetch";
import { uniqueFieldName } from "./signature-field-name";
import { drawFields, parseStampFields, type StampField } from "./stamp";

/** Where a signer's signature is written and what validators show beside it. */
interface SignaturePlacement {
  /** Name of the signature field (the signer's name): viewers list it in their signature panel. */
  fieldName: string;
  reason: string;
  location: string;
  /** The claimed signing time; now by default. */
  signingTime?: Date;
}

/** An advanced signature (AES): a certificate issued to the signer and its key. */
interface IssuedKey {
  /** The certificate issued to the signer for this signature (`issueSignerCertificate`), DER. */
  certificate: Uint8Array;
  /** Its private key, PKCS#8, used for this signature and dropped with the worker's task. */
  pkcs8: Uint8Array;
  /** The issuing authority's certificates, DER, embedded so validators can build the chain. */
  chain: readonly Uint8Array[];
  qualified?: undefined;
}

/**
 * A qualified signature (QES): the signer's key stays at the qualified provider, reached with the
 * signer's access token and activated by their activation data (explicit mode, one SAD per
 * signature). The worker never sees the client secret: it calls the CSC API only.
 */
export interface QualifiedKey {
  qualified: {
    /** CSC_BASE_URL and CSC_CLIENT_ID. */
    baseUrl: string;
    clientId: string;
    accessToken: string;
    credentialID: string;
    /** The activation data (`authData`, e.g. `[{ id: "PIN", value }]`); never logged. */
    authData: readonly { id: string; value?: string }[];
    /** Shown by the provider when it asks the signer to confirm. */
    description?: string;
  };
}

/** One signer's signature: where it goes, and an issued key (AES) or a provider's (QES). */
export type SignerSignatureOptions = SignaturePlacement & (IssuedKey | QualifiedKey);

/**
 * Adds one signer's PAdES signature (B-B, ETSI.CAdES.detached, SHA-256) to the current revision of
 * a document, with that signer's fields drawn in the same incremental update: the input bytes stay
 * a prefix of the output, so the signatures already in the file stay valid, and this one covers
 * everything up to it (its fields included). A signature field named after the signer (made unique
 * in the document) holds it. At QES the provider signs the hash (`CscSigner`), its errors
 * (`QesError`) cross back to the caller with their code. Runs in the document worker
 * (`signAsSigner` in `worker-pool.ts`).
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
  const chainBytes = [signer.certificate, ...(signer.certificateChain ?? [])].reduce(
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

async function signerOf(options: SignerSignatureOptions): Promise<Signer> {
  if (options.qualified !== undefined) {
    const { baseUrl, clientId, accessToken, credentialID, authData, description } =
      options.qualified;
    return CscSigner.create({
      client: new CscClient({ baseUrl, clientId, clientSecret: "", fetch: providerFetch() }),
      accessToken,
      credentialID,
      activation: { kind: "authData", authData },
      ...(description === undefined ? {} : { description }),
    });
  }
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
