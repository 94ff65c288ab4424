import { describe, expect, it } from "vitest";

import { concatBytes, toHex } from "../internal/bytes";
import { DER_TAG, DerError, encodeDer, encodeOid, parseDer } from "../internal/der";
import { flipBit, milanChainBlocks, MILAN_VCEK_DER } from "../test/snp-fixtures";
import {
  decodeCertificate,
  decodeCertificates,
  extensionValues,
  importEcdsaP384Key,
  isRsaPssSha384,
  isSignedBy,
  parseCertificate,
  rsaSpkiForWebCrypto,
  sameName,
  type Certificate,
} from "./certificates";

const [askPem, arkPem] = milanChainBlocks();
const ask = decodeCertificate(askPem);
const ark = decodeCertificate(arkPem);
const vcek = decodeCertificate(MILAN_VCEK_DER);

/** The certificate with one byte of its DER changed at `offset`. */
function mutated(certificate: Certificate, offset: number): Uint8Array {
  return flipBit(certificate.der, offset);
}

describe("parseCertificate with the Milan vector", () => {
  it("reads names, validity, keys, signature algorithms and the VCEK's AMD extensions", () => {
    expect(ark.subjectCommonName).toBe("ARK-Milan");
    expect(ask.subjectCommonName).toBe("SEV-Milan");
    expect(vcek.subjectCommonName).toBe("SEV-VCEK");
    expect(sameName(ark.subject, ark.issuer)).toBe(true);
    expect(sameName(ask.issuer, ark.subject)).toBe(true);
    expect(sameName(vcek.issuer, ask.subject)).toBe(true);
    expect(sameName(vcek.issuer, ark.subject)).toBe(false);
    expect(vcek.notBefore.toISOString()).toBe("2022-09-24T00:55:28.000Z");
    expect(vcek.notAfter.toISOString()).toBe("2029-09-24T00:55:28.000Z");
    expect(ark.notAfter.toISOString()).toBe("2045-10-22T17:23:05.000Z");
    for (const certificate of [ark, ask, vcek]) {
      expect(isRsaPssSha384(certificate)).toBe(true);
      expect(certificate.rsaPss).toEqual({
        hash: "SHA-384",
        mgf1Hash: "SHA-384",
        saltLength: 48,
        trailerField: 1,
      });
    }
    const extensions = extensionValues(vcek);
    expect(toHex(extensions.get("1.3.6.1.4.1.3704.1.3.8") ?? new Uint8Array())).toBe("020144");
    expect(extensions.get("1.3.6.1.4.1.3704.1.4")?.byteLength).toBe(64);
  });

  it("verifies the AMD chain's RSASSA-PSS signatures and imports the VCEK's P-384 key, with WebCrypto", async () => {
    expect(await isSignedBy(ark, ark)).toBe(true);
    expect(await isSignedBy(ask, ark)).toBe(true);
    expect(await isSignedBy(vcek, ask)).toBe(true);
    expect(await isSignedBy(vcek, ark)).toBe(false);
    expect((await importEcdsaP384Key(vcek)).algorithm).toEqual({
      name: "ECDSA",
      namedCurve: "P-384",
    });
    await expect(importEcdsaP384Key(ask)).rejects.toThrow(/not an ECDSA P-384 key/);
  });

  it("fails the signature after any change of the signed part, and of the signature", async () => {
    const offsetOf = (part: Uint8Array): number => part.byteOffset - ask.der.byteOffset;
    const tbsEnd = offsetOf(ask.tbs) + ask.tbs.byteLength;
    // A bit of the subject's Common Name, of the public key's modulus, of the last extension.
    const commonName = offsetOf(ask.subject) + ask.subject.byteLength - 1;
    for (const offset of [commonName, offsetOf(ask.spki) + 100, tbsEnd - 1]) {
      const changed = parseCertificate(mutated(ask, offset));
      expect(await isSignedBy(changed, ark)).toBe(false);
    }
    expect(await isSignedBy(parseCertificate(mutated(ask, ask.der.byteLength - 1)), ark)).toBe(
      false,
    );
  });

  it("checks with the salt length the certificate names, and refuses other digests", async () => {
    expect(await isSignedBy({ ...ask, rsaPss: { ...ask.rsaPss!, saltLength: 32 } }, ark)).toBe(
      false,
    );
    const sha256 = { ...ask, rsaPss: { ...ask.rsaPss!, hash: "SHA-256" } };
    expect(isRsaPssSha384(sha256)).toBe(false);
    expect(await isSignedBy(sha256, ark)).toBe(false);
    expect(isRsaPssSha384({ ...ask, rsaPss: { ...ask.rsaPss!, mgf1Hash: "SHA-1" } })).toBe(false);
    expect(isRsaPssSha384({ ...ask, rsaPss: { ...ask.rsaPss!, trailerField: 2 } })).toBe(false);
  });

  it("imports an issuer key written as id-RSASSA-PSS by re-encoding it as rsaEncryption", async () => {
    const [, bitString] = parseDer(ark.spki).children;
    const pssAlgorithm = encodeDer(
      DER_TAG.sequence,
      encodeOid("1.2.840.113549.1.1.10"),
      parseDer(ark.der).children[1]?.children[1]?.der ?? new Uint8Array(),
    );
    const pssSpki = encodeDer(DER_TAG.sequence, pssAlgorithm, bitString?.der ?? new Uint8Array());
    const pssArk: Certificate = {
      ...ark,
      spki: pssSpki,
      spkiAlgorithm: "1.2.840.113549.1.1.10",
    };

    expect(toHex(rsaSpkiForWebCrypto(pssArk))).toBe(toHex(ark.spki));
    expect(await isSignedBy(ask, pssArk)).toBe(true);
    expect(() => rsaSpkiForWebCrypto(vcek)).toThrow(/not an RSA key/);
  });
});

describe("parseCertificate refuses what is not a well-formed certificate", () => {
  it("refuses a truncated certificate and one followed by other bytes", () => {
    expect(() => parseCertificate(ask.der.subarray(0, ask.der.byteLength - 1))).toThrow(DerError);
    expect(() => parseCertificate(concatBytes(ask.der, new Uint8Array([0])))).toThrow(
      /after the end/,
    );
  });

  it("refuses a certificate whose two signature algorithm fields differ", () => {
    const [tbs, algorithm, signature] = parseDer(ask.der).children;
    const fields = tbs?.children ?? [];
    const sha256Pss = encodeDer(DER_TAG.sequence, encodeOid("1.2.840.113549.1.1.10"));
    const changedTbs = encodeDer(
      DER_TAG.sequence,
      ...fields.map((field, index) => (index === 2 ? sha256Pss : field.der)),
    );
    const changed = encodeDer(
      DER_TAG.sequence,
      changedTbs,
      algorithm?.der ?? new Uint8Array(),
      signature?.der ?? new Uint8Array(),
    );

    expect(() => parseCertificate(changed)).toThrow(/two signature algorithms differ/);
  });

  it("refuses an extension that appears twice", () => {
    const [tbs, algorithm, signature] = parseDer(vcek.der).children;
    const fields = tbs?.children ?? [];
    const extensionsField = fields[fields.length - 1];
    const list = extensionsField?.children[0]?.children ?? [];
    const doubled = encodeDer(
      0xa3,
      encodeDer(
        DER_TAG.sequence,
        ...list.map((item) => item.der),
        list[0]?.der ?? new Uint8Array(),
      ),
    );
    const changed = encodeDer(
      DER_TAG.sequence,
      encodeDer(DER_TAG.sequence, ...fields.slice(0, -1).map((field) => field.der), doubled),
      algorithm?.der ?? new Uint8Array(),
      signature?.der ?? new Uint8Array(),
    );

    expect(() => parseCertificate(changed)).toThrow(/appears twice/);
  });

  it("refuses PEM blocks that are not certificates, bad base64 and text without a block", () => {
    expect(() => decodeCertificates("not a certificate")).toThrow(/no certificate/);
    expect(() =>
      decodeCertificates("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----"),
    ).toThrow(/not a certificate/);
    expect(() =>
      decodeCertificates("-----BEGIN CERTIFICATE-----\n@@@@\n-----END CERTIFICATE-----"),
    ).toThrow(/base64/);
    expect(
      decodeCertificates(`${askPem}\n${arkPem}`).map((item) => item.subjectCommonName),
    ).toEqual(["SEV-Milan", "ARK-Milan"]);
  });
});
