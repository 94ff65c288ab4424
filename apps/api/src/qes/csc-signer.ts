import type { DigestAlgorithm, KeyType, SignatureAlgorithm, Signer } from "@libpdf/core";
import { createHash, verify, X509Certificate } from "node:crypto";
import type { CscClient, CscCredential } from "./csc-client";
import { QesError } from "./qes-error";

/** OIDs of the hashes and signature algorithms of CSC v2 §5. */
export const CSC_OIDS = {
  "SHA-256": "2.16.840.1.101.3.4.2.1",
  "SHA-384": "2.16.840.1.101.3.4.2.2",
  "SHA-512": "2.16.840.1.101.3.4.2.3",
  rsaEncryption: "1.2.840.113549.1.1.1",
  "RSA:SHA-256": "1.2.840.113549.1.1.11",
  "RSA:SHA-384": "1.2.840.113549.1.1.12",
  "RSA:SHA-512": "1.2.840.113549.1.1.13",
  ecPublicKey: "1.2.840.10045.2.1",
  "EC:SHA-256": "1.2.840.10045.4.3.2",
  "EC:SHA-384": "1.2.840.10045.4.3.3",
  "EC:SHA-512": "1.2.840.10045.4.3.4",
} as const;

const NODE_HASH: Record<DigestAlgorithm, string> = {
  "SHA-256": "sha256",
  "SHA-384": "sha384",
  "SHA-512": "sha512",
};

/**
 * How each signature is activated:
 * - `authData`: explicit mode, the signer's activation data (`[{ id: "PIN", value }]`) sent to
 *   `credentials/authorize` with the hash to sign, for a SAD of one signature;
 * - `sad`: a SAD obtained beforehand, or a credential-scope access token given as SAD;
 * - `token`: the access token itself is of scope credential (oauth2code mode).
 */
export type CscActivationSource =
  | { kind: "authData"; authData: readonly { id: string; value?: string }[] }
  | { kind: "sad"; sad: string }
  | { kind: "token" };

export interface CscSignerOptions {
  client: CscClient;
  accessToken: string;
  credentialID: string;
  activation: CscActivationSource;
  /** Shown by the provider when it asks the signer to confirm (credentials/authorize). */
  description?: string;
}

/** The length of an EC key's coordinates, from the certificate's public key. */
function coordinateBytes(certificate: X509Certificate): number {
  const curve = certificate.publicKey.asymmetricKeyDetails?.namedCurve;
  return curve === "secp384r1" ? 48 : curve === "secp521r1" ? 66 : 32;
}

/** An ECDSA signature in DER (`SEQUENCE { r, s }`), from DER or from IEEE P1363 (`r || s`). */
export function ecdsaSignatureToDer(signature: Uint8Array, coordinate: number): Uint8Array {
  const isDer =
    signature[0] === 0x30 &&
    ((signature[1] ?? 0) < 0x80
      ? signature[1] === signature.length - 2
      : signature[1] === 0x81 && signature[2] === signature.length - 3);
  if (isDer || signature.length !== 2 * coordinate) return signature;
  const integer = (bytes: Uint8Array) => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0) start++;
    const trimmed = bytes.subarray(start);
    const padded =
      (trimmed[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : Buffer.from(trimmed);
    return Buffer.concat([Buffer.from([0x02, padded.length]), padded]);
  };
  const body = Buffer.concat([
    integer(signature.subarray(0, coordinate)),
    integer(signature.subarray(coordinate)),
  ]);
  const length = body.length < 0x80 ? Buffer.from([body.length]) : Buffer.from([0x81, body.length]);
  return new Uint8Array(Buffer.concat([Buffer.from([0x30]), length, body]));
}

/**
 * A `Signer` for @libpdf/core whose key is held by a qualified trust service provider: the
 * certificate and its chain come from `credentials/info`; `sign(data, algorithm)` hashes the
 * signed attributes it is given, has the hash signed by `signatures/signHash` (after
 * `credentials/authorize` in explicit mode) and checks the signature against the certificate
 * before handing it over.
 */
export class CscSigner implements Signer {
  readonly certificate: Uint8Array;
  readonly certificateChain: Uint8Array[];
  readonly keyType: KeyType;
  readonly signatureAlgorithm: SignatureAlgorithm;
  readonly credential: CscCredential;
  readonly #options: CscSignerOptions;
  readonly #x509: X509Certificate;

  private constructor(options: CscSignerOptions, credential: CscCredential) {
    const [certificate, ...chain] = credential.certificates;
    if (certificate === undefined)
      throw new QesError("invalid_response", "The provider's credential has no certificate.");
    if (!credential.keyEnabled)
      throw new QesError("credential_unusable", "The signer's key is disabled at the provider.");
    if (credential.certificateStatus !== undefined && credential.certificateStatus !== "valid")
      throw new QesError(
        "credential_unusable",
        `The signer's certificate is ${credential.certificateStatus.slice(0, 20)} at the provider.`,
      );
    let x509: X509Certificate;
    try {
      x509 = new X509Certificate(certificate);
    } catch {
      throw new QesError("invalid_response", "The provider's certificate cannot be read.");
    }
    const type = x509.publicKey.asymmetricKeyType;
    if (type !== "rsa" && type !== "ec")
      throw new QesError(
        "credential_unusable",
        `The signer's key type (${type ?? "unknown"}) is not supported.`,
      );
    this.keyType = type === "rsa" ? "RSA" : "EC";
    this.signatureAlgorithm = type === "rsa" ? "RSASSA-PKCS1-v1_5" : "ECDSA";
    const usable =
      type === "rsa"
        ? [
            CSC_OIDS.rsaEncryption,
            CSC_OIDS["RSA:SHA-256"],
            CSC_OIDS["RSA:SHA-384"],
            CSC_OIDS["RSA:SHA-512"],
          ]
        : [
            CSC_OIDS.ecPublicKey,
            CSC_OIDS["EC:SHA-256"],
            CSC_OIDS["EC:SHA-384"],
            CSC_OIDS["EC:SHA-512"],
          ];
    if (!credential.keyAlgorithms.some((oid) => (usable as string[]).includes(oid)))
      throw new QesError(
        "credential_unusable",
        "The signer's key offers no signature algorithm Paraphe supports (PKCS#1 v1.5 RSA or ECDSA).",
      );
    this.certificate = certificate;
    this.certificateChain = chain;
    this.credential = credential;
    this.#options = options;
    this.#x509 = x509;
  }

  /** Reads the credential (`credentials/info`) and makes its signer. */
  static async create(options: CscSignerOptions): Promise<CscSigner> {
    const credential = await options.client.credentialInfo(
      options.accessToken,
      options.credentialID,
    );
    return new CscSigner(options, credential);
  }

  /** The subject of the signer's certificate (what validators show). */
  get subject(): string {
    return this.#x509.subject;
  }

  /** The signAlgo (and hashAlgorithmOID when it does not imply the hash) for `algorithm`. */
  #algorithm(algorithm: DigestAlgorithm): { signAlgo: string; hashAlgorithmOID?: string } {
    const offered = this.credential.keyAlgorithms;
    const combined = CSC_OIDS[`${this.keyType}:${algorithm}`];
    if (offered.includes(combined)) return { signAlgo: combined };
    const bare = this.keyType === "RSA" ? CSC_OIDS.rsaEncryption : CSC_OIDS.ecPublicKey;
    if (offered.includes(bare)) return { signAlgo: bare, hashAlgorithmOID: CSC_OIDS[algorithm] };
    throw new QesError(
      "credential_unusable",
      `The signer's key does not sign ${algorithm} hashes.`,
    );
  }

  async sign(data: Uint8Array, algorithm: DigestAlgorithm): Promise<Uint8Array> {
    const { client, accessToken, credentialID, activation } = this.#options;
    // @libpdf/core gives the DER of the signed attributes: their hash is what the key signs.
    const hash = new Uint8Array(createHash(NODE_HASH[algorithm]).update(data).digest());
    const { signAlgo, hashAlgorithmOID } = this.#algorithm(algorithm);
    let sad: string | undefined;
    if (activation.kind === "authData") {
      sad = (
        await client.authorizeCredential(accessToken, {
          credentialID,
          numSignatures: 1,
          authData: activation.authData,
          hashes: [hash],
          hashAlgorithmOID: CSC_OIDS[algorithm],
          ...(this.#options.description === undefined
            ? {}
            : { description: this.#options.description }),
        })
      ).sad;
    } else if (activation.kind === "sad") sad = activation.sad;
    const [raw] = await client.signHash(accessToken, {
      credentialID,
      ...(sad === undefined ? {} : { sad }),
      hashes: [hash],
      signAlgo,
      ...(hashAlgorithmOID === undefined ? {} : { hashAlgorithmOID }),
    });
    if (raw === undefined)
      throw new QesError("invalid_response", "The provider returned no signature.");
    const signature =
      this.keyType === "EC" ? ecdsaSignatureToDer(raw, coordinateBytes(this.#x509)) : raw;
    // A signature that does not verify would make an invalid document: refuse it here.
    if (!verify(NODE_HASH[algorithm], data, this.#x509.publicKey, signature))
      throw new QesError(
        "signature_invalid",
        "The provider's signature does not verify with the signer's certificate.",
      );
    return signature;
  }
}
