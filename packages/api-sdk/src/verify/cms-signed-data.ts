import {
  createHash,
  verify as verifySignature,
  X509Certificate,
  constants,
  type KeyObject,
} from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

/*
 * The CMS SignedData both a seal and a timestamp token carry: its one signer, the certificates it
 * carries, and the check of the signer's digest, content type and signature.
 */

export const OID = {
  signedData: "1.2.840.113549.1.7.2",
  data: "1.2.840.113549.1.7.1",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingTime: "1.2.840.113549.1.9.5",
  /** id-aa-signatureTimeStampToken, an unsigned attribute (RFC 3161, appendix A). */
  signatureTimeStampToken: "1.2.840.113549.1.9.16.2.14",
  /** id-ct-TSTInfo, the content type of a timestamp token. */
  tstInfo: "1.2.840.113549.1.9.16.1.4",
  extendedKeyUsage: "2.5.29.37",
  timeStamping: "1.3.6.1.5.5.7.3.8",
  subjectKeyIdentifier: "2.5.29.14",
  rsaEncryption: "1.2.840.113549.1.1.1",
  rsaPss: "1.2.840.113549.1.1.10",
  ecPublicKey: "1.2.840.10045.2.1",
} as const;

const CONTENT_TYPE_NAMES: Record<string, string> = {
  [OID.data]: "id-data",
  [OID.tstInfo]: "id-ct-TSTInfo",
};

export const DIGESTS: Record<string, string> = {
  "2.16.840.1.101.3.4.2.1": "sha256",
  "2.16.840.1.101.3.4.2.2": "sha384",
  "2.16.840.1.101.3.4.2.3": "sha512",
};

const SIGNATURE_ALGORITHMS: Record<string, { kind: "rsa" | "ecdsa"; hash?: string }> = {
  [OID.rsaEncryption]: { kind: "rsa" },
  "1.2.840.113549.1.1.11": { kind: "rsa", hash: "sha256" },
  "1.2.840.113549.1.1.12": { kind: "rsa", hash: "sha384" },
  "1.2.840.113549.1.1.13": { kind: "rsa", hash: "sha512" },
  [OID.ecPublicKey]: { kind: "ecdsa" },
  "1.2.840.10045.4.3.2": { kind: "ecdsa", hash: "sha256" },
  "1.2.840.10045.4.3.3": { kind: "ecdsa", hash: "sha384" },
  "1.2.840.10045.4.3.4": { kind: "ecdsa", hash: "sha512" },
};

/** A CMS SignedData with its one signer, as both a seal and a timestamp token carry. */
export interface SignedDataParts {
  contentType: string;
  /** The encapsulated content (a timestamp token's TSTInfo); none in a detached signature. */
  content?: Uint8Array<ArrayBuffer>;
  signerInfo: pkijs.SignerInfo;
  /** Every certificate the CMS carries. */
  certificates: X509Certificate[];
  /** The signer's certificate, when it is among them. */
  signer?: X509Certificate;
  signerCertificate?: pkijs.Certificate;
}

/** Reads a ContentInfo holding a SignedData with exactly one signer. */
export function readSignedData(schema: asn1js.AsnType): SignedDataParts {
  const contentInfo = new pkijs.ContentInfo({ schema });
  if (contentInfo.contentType !== OID.signedData) throw new Error("not a CMS SignedData");
  const signedData = new pkijs.SignedData({ schema: contentInfo.content });
  const pkiCertificates = (signedData.certificates ?? []).filter(
    (item): item is pkijs.Certificate => item instanceof pkijs.Certificate,
  );
  const certificates = pkiCertificates.map(
    (certificate) => new X509Certificate(Buffer.from(certificate.toSchema().toBER(false))),
  );
  const signerInfo = signedData.signerInfos[0];
  if (signerInfo === undefined || signedData.signerInfos.length !== 1) {
    throw new Error("a signature has exactly one signer");
  }
  const signerIndex = pkiCertificates.findIndex((certificate) =>
    identifies(signerInfo.sid, certificate),
  );
  const eContent = signedData.encapContentInfo.eContent;
  return {
    contentType: signedData.encapContentInfo.eContentType,
    ...(eContent === undefined ? {} : { content: new Uint8Array(eContent.getValue()) }),
    signerInfo,
    certificates,
    ...(signerIndex < 0
      ? {}
      : { signer: certificates[signerIndex], signerCertificate: pkiCertificates[signerIndex] }),
  };
}

/** What checking one signer finds; fields stay "unreadable" when the check throws first. */
export interface SignerOutcome {
  digest: "match" | "mismatch" | "unreadable";
  signature: "valid" | "invalid" | "unreadable";
  signingTime?: Date;
}

/**
 * Checks the one signer of `cms` over `content` (the signed bytes, in parts): its messageDigest
 * attribute against their hash, its contentType attribute against `contentType`, and its
 * signature over the DER of the signed attributes (or, without them, over the content) with the
 * signer's certificate. Throws, with `outcome` filled as far as it got, what cannot be checked.
 */
export function checkSigner(
  cms: SignedDataParts,
  content: readonly Uint8Array[],
  contentType: string,
  outcome: SignerOutcome,
): void {
  const { signerInfo } = cms;
  const digestName = DIGESTS[signerInfo.digestAlgorithm.algorithmId];
  if (digestName === undefined) {
    throw new Error(`unsupported digest algorithm ${signerInfo.digestAlgorithm.algorithmId}`);
  }
  const hash = createHash(digestName);
  for (const part of content) hash.update(part);
  const contentDigest = hash.digest();

  let signedBytes: Uint8Array;
  const attributes = signerInfo.signedAttrs;
  if (attributes === undefined) {
    // RFC 5652, 5.3: signed attributes are required for any content type but id-data.
    if (contentType !== OID.data) throw new Error("no signed attributes");
    // No signed attributes: the signature is over the content itself.
    signedBytes = Buffer.concat(content);
    outcome.digest = "match";
  } else {
    const value = (type: string) =>
      attributes.attributes.find((attribute) => attribute.type === type)?.values[0];
    const digest = value(OID.messageDigest);
    const typeAttribute = value(OID.contentType);
    if (!(digest instanceof asn1js.OctetString)) throw new Error("no messageDigest attribute");
    if (
      !(typeAttribute instanceof asn1js.ObjectIdentifier) ||
      typeAttribute.getValue() !== contentType
    ) {
      throw new Error(`the contentType attribute is not ${CONTENT_TYPE_NAMES[contentType]}`);
    }
    outcome.digest = Buffer.from(digest.valueBlock.valueHexView).equals(contentDigest)
      ? "match"
      : "mismatch";
    const signingTime = value(OID.signingTime);
    if (signingTime instanceof asn1js.UTCTime || signingTime instanceof asn1js.GeneralizedTime) {
      outcome.signingTime = signingTime.toDate();
    }
    // pkijs keeps the attributes' bytes as received, re-tagged as a SET (RFC 5652, 5.4).
    signedBytes = new Uint8Array(attributes.encodedValue);
  }

  if (cms.signer === undefined) {
    throw new Error("the signer's certificate is not in the signature");
  }
  const algorithm = SIGNATURE_ALGORITHMS[signerInfo.signatureAlgorithm.algorithmId];
  const signature = Buffer.from(signerInfo.signature.valueBlock.valueHexView);
  const key = cms.signer.publicKey;
  let valid: boolean;
  if (signerInfo.signatureAlgorithm.algorithmId === OID.rsaPss) {
    const params = new pkijs.RSASSAPSSParams({
      schema: signerInfo.signatureAlgorithm.algorithmParams,
    });
    const pssHash = DIGESTS[params.hashAlgorithm.algorithmId];
    if (pssHash === undefined) throw new Error("unsupported RSA-PSS hash");
    valid = verifySignature(
      pssHash,
      signedBytes,
      { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: params.saltLength },
      signature,
    );
  } else if (algorithm !== undefined) {
    const expectedKey = algorithm.kind === "rsa" ? "rsa" : "ec";
    if (key.asymmetricKeyType !== expectedKey) {
      throw new Error("the signature algorithm does not match the certificate's key");
    }
    valid = verifySignature(algorithm.hash ?? digestName, signedBytes, key, signature);
  } else {
    throw new Error(`unsupported signature algorithm ${signerInfo.signatureAlgorithm.algorithmId}`);
  }
  outcome.signature = valid ? "valid" : "invalid";
}

/**
 * Verifies `signature` over `data` with `key` by the X.509 `algorithm` (an OCSP response's or a
 * CRL's signatureAlgorithm): RSA PKCS#1 v1.5, RSA-PSS or ECDSA (DER), SHA-256/384/512. False
 * for an algorithm it does not know.
 */
export function verifyWithAlgorithm(
  algorithm: pkijs.AlgorithmIdentifier,
  data: Uint8Array,
  key: KeyObject,
  signature: Uint8Array,
): boolean {
  try {
    if (algorithm.algorithmId === OID.rsaPss) {
      const params = new pkijs.RSASSAPSSParams({ schema: algorithm.algorithmParams });
      const hash = DIGESTS[params.hashAlgorithm.algorithmId];
      if (hash === undefined) return false;
      return verifySignature(
        hash,
        data,
        { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: params.saltLength },
        signature,
      );
    }
    const known = SIGNATURE_ALGORITHMS[algorithm.algorithmId];
    if (known?.hash === undefined) return false;
    if (key.asymmetricKeyType !== (known.kind === "rsa" ? "rsa" : "ec")) return false;
    return verifySignature(known.hash, data, key, signature);
  } catch {
    return false;
  }
}

/** Whether the SignerInfo's sid (issuer and serial number, or subject key identifier) names `certificate`. */
function identifies(sid: unknown, certificate: pkijs.Certificate): boolean {
  if (sid instanceof pkijs.IssuerAndSerialNumber) {
    return (
      certificate.serialNumber.isEqual(sid.serialNumber) && certificate.issuer.isEqual(sid.issuer)
    );
  }
  if (sid instanceof asn1js.Constructed) {
    const inner = sid.valueBlock.value[0];
    const wanted = inner instanceof asn1js.OctetString ? inner.valueBlock.valueHexView : undefined;
    const extension = certificate.extensions?.find(
      (item) => item.extnID === OID.subjectKeyIdentifier,
    );
    const own = extension?.parsedValue as asn1js.OctetString | undefined;
    return (
      wanted !== undefined &&
      own !== undefined &&
      Buffer.from(own.valueBlock.valueHexView).equals(Buffer.from(wanted))
    );
  }
  return false;
}
