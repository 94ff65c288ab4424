import type { PDF, RevocationProvider, SignWarning, TimestampAuthority } from "@libpdf/core";
// @peculiar/x509 resolves its providers through tsyringe, which needs the Reflect metadata API
// first (ES modules evaluate imports in order).
import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { createHash } from "node:crypto";
import { createOutboundFetch } from "../http/outbound-fetch";
import { uniqueFieldName } from "./signature-field-name";

/*
 * The long-term part of a B-LTA seal (PAdES B-LT and B-LTA): the validation data of every
 * signature of the file in the DSS, a document timestamp over the whole, and the timestamp
 * authority's own validation data; the certificates, OCSP responses and CRLs fetched through the
 * outbound fetch that refuses non-public addresses.
 */

/** Something the seal could not do in full (validation data it could not gather), said plainly. */
export interface SealWarning {
  /**
   * `REVOCATION_UNAVAILABLE`: no OCSP response nor CRL could be had for a certificate; the
   * library's codes otherwise (`CHAIN_INCOMPLETE`, `TSA_CHAIN_INCOMPLETE`...).
   */
  code: string;
  /** In English, naming the certificate or the service; never a key or a passphrase. */
  message: string;
}

export function plainWarning(warning: SignWarning): SealWarning {
  return { code: warning.code, message: warning.message };
}

/** The largest OCSP response, CRL or certificate read while gathering validation data. */
const MAX_VALIDATION_RESPONSE_BYTES = 20 * 1024 * 1024;

/**
 * Gathers the validation data of every signature `pdf` holds (signers' signatures, the seal and
 * their timestamp tokens: chains, an OCSP response or, without one, a CRL for each certificate)
 * into the DSS, adds a document timestamp from `timestampAuthority` over the whole, and the
 * authority's validation data in a last DSS update. `certificates`: those that may issue the
 * certificates asked about (the seal's chain, its token's certificates). What could not be gathered
 * is answered as warnings, not dropped.
 */
export async function addLongTermValidation(
  pdf: PDF,
  options: {
    timestampAuthority: TimestampAuthority;
    certificates: Uint8Array[];
    /** Reach addresses on this machine and private networks (development and tests). */
    allowPrivateAddresses: boolean;
  },
): Promise<{ bytes: Uint8Array; warnings: SealWarning[] }> {
  const guarded = createOutboundFetch({
    allowPrivateAddresses: options.allowPrivateAddresses,
    maxResponseBytes: MAX_VALIDATION_RESPONSE_BYTES,
  }) as typeof fetch;
  const revocation = new RecordingRevocationProvider(options.certificates, guarded);
  // The library fetches missing issuers (authorityInfoAccess caIssuers) with the global fetch:
  // guarded too while it gathers (this worker thread runs one task at a time).
  const globalFetch = globalThis.fetch;
  globalThis.fetch = guarded;
  let archived: Awaited<ReturnType<PDF["addArchivalData"]>>;
  try {
    archived = await pdf.addArchivalData({
      timestampAuthority: recordingCertificates(options.timestampAuthority, revocation.pool),
      revocationProvider: revocation,
      fieldName: uniqueFieldName(pdf, "Paraphe archival timestamp"),
      digestAlgorithm: "SHA-256",
      estimatedSize: 16_384,
    });
  } finally {
    globalThis.fetch = globalFetch;
  }
  return {
    bytes: archived.bytes,
    warnings: [...archived.warnings, ...revocation.warnings].map(plainWarning),
  };
}

/** A timestamp authority whose tokens' certificates are added to `pool`. */
export function recordingCertificates(
  authority: TimestampAuthority,
  pool: Uint8Array[],
): TimestampAuthority {
  return {
    timestamp: async (digest, algorithm) => {
      const token = await authority.timestamp(digest, algorithm);
      try {
        for (const certificate of new x509.X509Certificates(token)) {
          pool.push(new Uint8Array(certificate.rawData));
        }
      } catch {
        // A token whose certificates cannot be read: its authority's issuer is looked up elsewhere.
      }
      return token;
    },
  };
}

/**
 * Fetches revocation data where a certificate says it is (RFC 6960 OCSP over HTTP POST from its
 * authorityInfoAccess; else the first CRL of its crlDistributionPoints that answers), and records
 * each certificate but a self-signed root for which neither could be had.
 */
class RecordingRevocationProvider implements RevocationProvider {
  readonly warnings: SealWarning[] = [];

  /**
   * @param pool certificates that may issue the ones asked about: the library names a timestamp
   * authority's certificate as its own issuer (@libpdf/core 0.4.2), so the issuer is checked and,
   * when it did not issue the certificate, looked up here.
   */
  constructor(
    readonly pool: Uint8Array[],
    private readonly fetch: typeof globalThis.fetch,
  ) {}

  private async issuerOf(
    certificate: x509.X509Certificate,
    named: x509.X509Certificate,
  ): Promise<x509.X509Certificate | undefined> {
    const candidates = [named, ...this.pool.map((der) => new x509.X509Certificate(der))];
    for (const candidate of candidates) {
      if (candidate.subject !== certificate.issuer) continue;
      if (candidate.equal(certificate) && !(await certificate.isSelfSigned())) continue;
      const signed = await certificate
        .verify({ publicKey: candidate.publicKey, signatureOnly: true })
        .catch(() => false);
      if (signed) return candidate;
    }
    return undefined;
  }

  async getOCSP(der: Uint8Array, issuerDer: Uint8Array): Promise<Uint8Array | null> {
    this.pool.push(der, issuerDer);
    const certificate = new x509.X509Certificate(der);
    const issuer = await this.issuerOf(certificate, new x509.X509Certificate(issuerDer));
    if (issuer === undefined) return null;
    const access = certificate.getExtension(x509.AuthorityInfoAccessExtension);
    const url = access?.ocsp.find((name) => name.type === "url")?.value;
    if (url === undefined) return null;
    try {
      const response = await this.fetch(url, {
        method: "POST",
        headers: { "content-type": "application/ocsp-request" },
        body: ocspRequest(certificate, issuer),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) return null;
      const body = new Uint8Array(await response.arrayBuffer());
      // OCSPResponse ::= SEQUENCE { responseStatus ENUMERATED (0: successful), ... }
      return body[0] === 0x30 && successfulOcsp(body) ? body : null;
    } catch {
      return null;
    }
  }

  async getCRL(der: Uint8Array): Promise<Uint8Array | null> {
    const certificate = new x509.X509Certificate(der);
    const points = certificate.getExtension(x509.CRLDistributionPointsExtension);
    const urls = (points?.distributionPoints ?? []).flatMap((point) =>
      (point.distributionPoint?.fullName ?? []).flatMap((name) =>
        name.uniformResourceIdentifier === undefined ? [] : [name.uniformResourceIdentifier],
      ),
    );
    for (const url of urls) {
      try {
        const response = await this.fetch(url, { signal: AbortSignal.timeout(15_000) });
        if (response.ok) return new Uint8Array(await response.arrayBuffer());
      } catch {
        // The next distribution point, if any.
      }
    }
    // A self-signed root has no status to publish; a certificate with id-ce-noRevAvail (RFC 9608,
    // short-lived) says its issuer publishes none.
    const noneNeeded =
      (await certificate.isSelfSigned()) || certificate.getExtension("2.5.29.56") !== null;
    if (!noneNeeded) {
      this.warnings.push({
        code: "REVOCATION_UNAVAILABLE",
        // Named by issuer and serial: a signer's certificate names the signer, who stays out of logs.
        message: `No OCSP response nor CRL could be obtained for the certificate of serial ${certificate.serialNumber} issued by "${certificate.issuer}".`,
      });
    }
    return null;
  }
}

/** DER: one tag-length-value. */
function tlv(tag: number, ...parts: Uint8Array[]): Buffer {
  const body = Buffer.concat(parts);
  const length = body.length;
  const header =
    length < 0x80
      ? [length]
      : length < 0x100
        ? [0x81, length]
        : length < 0x10000
          ? [0x82, length >> 8, length & 0xff]
          : [0x83, length >> 16, (length >> 8) & 0xff, length & 0xff];
  return Buffer.concat([Buffer.from([tag, ...header]), body]);
}

/** The value of the DER element at `offset` (its start and end), for the SPKI's BIT STRING. */
function elementAt(der: Uint8Array, offset: number): { start: number; end: number } {
  const first = der[offset + 1] ?? 0;
  if (first < 0x80) return { start: offset + 2, end: offset + 2 + first };
  const count = first & 0x7f;
  let length = 0;
  for (let index = 0; index < count; index++)
    length = length * 256 + (der[offset + 2 + index] ?? 0);
  return { start: offset + 2 + count, end: offset + 2 + count + length };
}

/**
 * An OCSP request (RFC 6960, 4.1) for one certificate, its CertID hashed with SHA-1 as responders
 * expect: the issuer's name and the issuer's public key (the SPKI's BIT STRING, unused-bits byte
 * aside), and the serial number.
 */
function ocspRequest(certificate: x509.X509Certificate, issuer: x509.X509Certificate): Uint8Array {
  const sha1 = (bytes: Uint8Array) => createHash("sha1").update(bytes).digest();
  const spki = new Uint8Array(issuer.publicKey.rawData);
  const outer = elementAt(spki, 0);
  const algorithm = elementAt(spki, outer.start);
  const bits = elementAt(spki, algorithm.end);
  const key = spki.subarray(bits.start + 1, bits.end);
  let serial = Buffer.from(certificate.serialNumber, "hex");
  if ((serial[0] ?? 0) & 0x80) serial = Buffer.concat([Buffer.from([0]), serial]);
  const sha1Algorithm = tlv(
    0x30,
    tlv(0x06, Buffer.from([0x2b, 0x0e, 0x03, 0x02, 0x1a])),
    tlv(0x05),
  );
  const certId = tlv(
    0x30,
    sha1Algorithm,
    tlv(0x04, sha1(new Uint8Array(issuer.subjectName.toArrayBuffer()))),
    tlv(0x04, sha1(key)),
    tlv(0x02, serial),
  );
  return tlv(0x30, tlv(0x30, tlv(0x30, tlv(0x30, certId))));
}

/** Whether an OCSPResponse's responseStatus is successful (0). */
function successfulOcsp(body: Uint8Array): boolean {
  const outer = elementAt(body, 0);
  return body[outer.start] === 0x0a && body[outer.start + 1] === 1 && body[outer.start + 2] === 0;
}
