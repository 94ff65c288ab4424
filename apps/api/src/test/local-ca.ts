// @peculiar/x509 resolves its providers through tsyringe, which needs the Reflect metadata API
// first (ES modules evaluate imports in order).
import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import tls from "node:tls";

/** A certificate authority made by a test, and a server certificate it issued. */
export interface LocalCa {
  /** The authority's certificate, PEM: what a client trusts. */
  caPem: string;
  /** The server's certificate (for `localhost` and 127.0.0.1), PEM. */
  certPem: string;
  /** The server's private key, PKCS#8 PEM. */
  keyPem: string;
}

const ECDSA = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" } as const;

/**
 * Makes a certificate authority of its own (ECDSA P-256, valid one day) and a server certificate
 * for `localhost` and 127.0.0.1 signed by it. Nothing is written to disk.
 */
export async function createLocalCa(): Promise<LocalCa> {
  const now = Date.now();
  const notBefore = new Date(now - 5 * 60_000);
  const notAfter = new Date(now + 24 * 3600_000);
  const caKeys = await crypto.subtle.generateKey(ECDSA, true, ["sign", "verify"]);
  const ca = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: "01",
      name: "CN=Paraphe test SMTP authority",
      keys: caKeys,
      notBefore,
      notAfter,
      signingAlgorithm: ECDSA,
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(
          x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign,
          true,
        ),
        await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey, false, crypto),
      ],
    },
    crypto,
  );
  const serverKeys = await crypto.subtle.generateKey(ECDSA, true, ["sign", "verify"]);
  const server = await x509.X509CertificateGenerator.create(
    {
      serialNumber: "02",
      subject: "CN=localhost",
      issuer: ca.subject,
      notBefore,
      notAfter,
      signingAlgorithm: ECDSA,
      publicKey: serverKeys.publicKey,
      signingKey: caKeys.privateKey,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
        new x509.SubjectAlternativeNameExtension([
          { type: "dns", value: "localhost" },
          { type: "ip", value: "127.0.0.1" },
        ]),
        await x509.AuthorityKeyIdentifierExtension.create(caKeys.publicKey, false, crypto),
      ],
    },
    crypto,
  );
  const pkcs8 = await crypto.subtle.exportKey("pkcs8", serverKeys.privateKey);
  return {
    caPem: ca.toString("pem"),
    certPem: server.toString("pem"),
    keyPem: x509.PemConverter.encode(pkcs8, "PRIVATE KEY"),
  };
}

/** What Node 24 has and this version of its types does not declare yet. */
interface DefaultCertificates {
  getCACertificates(type: "default"): string[];
  setDefaultCACertificates(certificates: string[]): void;
}

/**
 * Adds `caPem` to the certificates this process trusts by default (as a system authority would
 * be): clients that check certificates the usual way, such as the api's SMTP connections, then
 * accept servers it issued.
 */
export function trustLocalCa(caPem: string): void {
  const defaults = tls as unknown as DefaultCertificates;
  defaults.setDefaultCACertificates([...defaults.getCACertificates("default"), caPem]);
}
