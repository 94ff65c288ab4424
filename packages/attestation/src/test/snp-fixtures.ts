/**
 * Test-only helpers: the real Milan test vectors, and a forger that builds a complete, internally
 * consistent fake AMD chain (ARK -> ASK -> VCEK) and signs reports with the fake VCEK. The forger
 * lets the tests prove that only the pinned root separates a forgery from the real thing.
 */
import "@abraham/reflection";
import { readFileSync } from "node:fs";

import { Extension, X509CertificateGenerator } from "@peculiar/x509";

import { SNP_ECDSA_COMPONENT_SIZE, SNP_SIGNATURE_OFFSET } from "../sev-snp/report";

const testdata = new URL("../sev-snp/testdata/", import.meta.url);

export function readVector(name: "attestation.bin" | "vcek.testcer" | "milan.testcer"): Uint8Array {
  return new Uint8Array(readFileSync(new URL(name, testdata)));
}

export const MILAN_REPORT = readVector("attestation.bin");
export const MILAN_VCEK_DER = readVector("vcek.testcer");
export const MILAN_CHAIN_PEM = new TextDecoder().decode(readVector("milan.testcer"));
export const MILAN_MEASUREMENT =
  "b07af9620f3b839b47996422ddec6058338951d984e312115131ea82705eaf5b6bdf8a9ece31a5a608eb0cf2e4872b01";
/** REPORT_DATA of the vector: 01 02 03 04 05, then zeros. */
export const MILAN_REPORT_DATA = (() => {
  const bytes = new Uint8Array(64);
  bytes.set([1, 2, 3, 4, 5]);
  return bytes;
})();
/** Inside the validity of every certificate of the vector (VCEK: 2022-09-24 to 2029-09-24). */
export const PINNED_NOW = new Date("2025-01-01T00:00:00Z");

/** The PEM blocks of the Milan chain, ASK first, then ARK. */
export function milanChainBlocks(): [string, string] {
  const blocks =
    MILAN_CHAIN_PEM.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  const [ask, ark] = blocks;
  if (blocks.length !== 2 || !ask || !ark)
    throw new Error("The Milan chain should hold two certificates.");
  return [ask, ark];
}

export function flipBit(bytes: Uint8Array, offset: number, bit = 0): Uint8Array {
  const copy = Uint8Array.from(bytes);
  copy[offset] = (copy[offset] ?? 0) ^ (1 << bit);
  return copy;
}

const AMD_NAME = "OU=Engineering, C=US, L=Santa Clara, ST=CA, O=Advanced Micro Devices";
const RSA_PSS_SHA384 = { name: "RSA-PSS", hash: "SHA-384", saltLength: 48 };
const VALID_FROM = new Date("2020-01-01T00:00:00Z");
const VALID_TO = new Date("2040-01-01T00:00:00Z");

async function rsaPssKeys(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey(
    {
      name: "RSA-PSS",
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: "SHA-384",
    },
    true,
    ["sign", "verify"],
  );
}

/** A self-signed certificate named like AMD's Milan ARK, with a key that is not AMD's. */
export async function forgeArk(): Promise<{ pem: string; der: Uint8Array; keys: CryptoKeyPair }> {
  const keys = await rsaPssKeys();
  const certificate = await X509CertificateGenerator.createSelfSigned({
    serialNumber: "010000",
    name: `${AMD_NAME}, CN=ARK-Milan`,
    notBefore: VALID_FROM,
    notAfter: VALID_TO,
    signingAlgorithm: RSA_PSS_SHA384,
    keys,
  });
  return { pem: certificate.toString("pem"), der: new Uint8Array(certificate.rawData), keys };
}

export interface ForgedVcekOptions {
  /** SPLs written in the VCEK's extensions; default: those of the Milan vector's REPORTED_TCB. */
  spl?: { bootLoader: number; tee: number; snp: number; microcode: number };
  /** hwID written in the VCEK; default: the Milan vector's CHIP_ID. */
  hardwareId?: Uint8Array;
}

export interface ForgedChain {
  arkDer: Uint8Array;
  chainPem: string;
  vcekDer: Uint8Array;
  /** Signs a report (its bytes 0x000-0x29F) with the forged VCEK, as an AMD-SP would. */
  sign(report: Uint8Array): Promise<Uint8Array>;
}

function splExtension(arc: string, value: number): Extension {
  return new Extension(`1.3.6.1.4.1.3704.1.${arc}`, false, new Uint8Array([0x02, 0x01, value]));
}

/** A complete fake chain, named like AMD's Milan chain, with keys that are not AMD's. */
export async function forgeChain(options: ForgedVcekOptions = {}): Promise<ForgedChain> {
  const ark = await forgeArk();
  const askKeys = await rsaPssKeys();
  const ask = await X509CertificateGenerator.create({
    serialNumber: "010001",
    subject: `${AMD_NAME}, CN=SEV-Milan`,
    issuer: `${AMD_NAME}, CN=ARK-Milan`,
    notBefore: VALID_FROM,
    notAfter: VALID_TO,
    signingAlgorithm: RSA_PSS_SHA384,
    publicKey: askKeys.publicKey,
    signingKey: ark.keys.privateKey,
  });
  const vcekKeys = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-384" }, true, [
    "sign",
    "verify",
  ]);
  const spl = options.spl ?? { bootLoader: 2, tee: 0, snp: 5, microcode: 0x44 };
  const hardwareId = options.hardwareId ?? MILAN_REPORT.slice(0x1a0, 0x1e0);
  const vcek = await X509CertificateGenerator.create({
    serialNumber: "00",
    subject: `${AMD_NAME}, CN=SEV-VCEK`,
    issuer: `${AMD_NAME}, CN=SEV-Milan`,
    notBefore: VALID_FROM,
    notAfter: VALID_TO,
    signingAlgorithm: RSA_PSS_SHA384,
    publicKey: vcekKeys.publicKey,
    signingKey: askKeys.privateKey,
    extensions: [
      splExtension("3.1", spl.bootLoader),
      splExtension("3.2", spl.tee),
      splExtension("3.3", spl.snp),
      splExtension("3.8", spl.microcode),
      new Extension("1.3.6.1.4.1.3704.1.4", false, Uint8Array.from(hardwareId)),
    ],
  });
  return {
    arkDer: ark.der,
    chainPem: `${ask.toString("pem")}\n${ark.pem}`,
    vcekDer: new Uint8Array(vcek.rawData),
    async sign(report) {
      const signed = Uint8Array.from(report);
      const p1363 = new Uint8Array(
        await crypto.subtle.sign(
          { name: "ECDSA", hash: "SHA-384" },
          vcekKeys.privateKey,
          signed.slice(0, SNP_SIGNATURE_OFFSET),
        ),
      );
      const toLittleEndian72 = (bigEndian: Uint8Array): Uint8Array => {
        const out = new Uint8Array(SNP_ECDSA_COMPONENT_SIZE);
        out.set(Uint8Array.from(bigEndian).reverse());
        return out;
      };
      signed.set(toLittleEndian72(p1363.subarray(0, 48)), SNP_SIGNATURE_OFFSET);
      signed.set(
        toLittleEndian72(p1363.subarray(48, 96)),
        SNP_SIGNATURE_OFFSET + SNP_ECDSA_COMPONENT_SIZE,
      );
      return signed;
    },
  };
}

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", Uint8Array.from(bytes)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
