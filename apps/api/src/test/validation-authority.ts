import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { type AddressInfo } from "node:net";
import { promisify } from "node:util";
import { loadOrCreatePlatformIdentity, type PlatformIdentity } from "../documents/certificates";
import { requireTool, temporaryDirectory } from "./documents";
import { startTestTsa } from "./tsa";

const run = promisify(execFile);

/** How the certificates the authority issues say where their revocation status is found. */
export type RevocationSource = "ocsp" | "crl";

/**
 * A certification authority made by a test for long-term validation, with its revocation services
 * on one local HTTP server (random port): an OCSP responder (`openssl ocsp` over its index of
 * issued certificates, answering with a delegated responder certificate marked id-pkix-ocsp-nocheck)
 * at `/ocsp` and its CRL (`openssl ca -gencrl`) at `/crl`, plus a timestamp authority whose
 * certificate it issued; its root certificate is at `/ca.pem` once all are ready. With
 * `revocation: "ocsp"` the certificates it issues (the timestamp authority's too) name the
 * responder in their authorityInfoAccess; with `"crl"` they name only the CRL in their
 * crlDistributionPoints.
 */
export interface TestValidationAuthority {
  /** The root certificate, PEM: what a verifier trusts. */
  caPem: string;
  /** A seal identity (PKCS#12 with its chain) issued by the authority. */
  identity: PlatformIdentity;
  /**
   * Issues another signing identity (an earlier signer's certificate, say); `shortLived`: with
   * id-ce-noRevAvail (RFC 9608) instead of a revocation service, as one-hour certificates are.
   */
  issue: (commonName: string, options?: { shortLived?: boolean }) => Promise<PlatformIdentity>;
  /** Marks an issued certificate revoked now (OCSP answers revoked, the CRL lists it). */
  revoke: (identity: PlatformIdentity) => Promise<void>;
  /** While false, the OCSP and CRL services answer 503. */
  setAvailable: (available: boolean) => void;
  tsa: { url: string; certificatePem: string; requests: () => number };
  ocspRequests: () => number;
  crlRequests: () => number;
  stop: () => Promise<void>;
}

export async function startTestValidationAuthority(
  options: {
    revocation?: RevocationSource;
    /** The revocation services' port and the timestamp authority's (random ports by default). */
    port?: number;
    tsaPort?: number;
  } = {},
): Promise<TestValidationAuthority> {
  requireTool("openssl");
  const revocation = options.revocation ?? "ocsp";
  const tmp = temporaryDirectory("paraphe-validation-");
  const caKey = tmp.file("ca.key");
  const caCertificate = tmp.file("ca.pem");
  const responderKey = tmp.file("ocsp.key");
  const responderCertificate = tmp.file("ocsp.pem");
  const index = tmp.file("index.txt", "");
  tmp.file("crlnumber", "1000\n");
  const crlConfig = tmp.file(
    "ca.cnf",
    [
      "[ ca ]",
      "default_ca = test_ca",
      "[ test_ca ]",
      `database = ${index}`,
      `crlnumber = ${tmp.file("crlnumber")}`,
      "default_md = sha256",
      "default_crl_days = 2",
      "",
    ].join("\n"),
  );

  // Empty until the authority, its responder and its timestamp authority are all ready.
  let caPem = "";
  let available = true;
  let ocspCount = 0;
  let crlCount = 0;
  let crl = new Uint8Array();
  let requestId = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      void (async () => {
        try {
          if (!available) {
            response.writeHead(503).end();
          } else if (request.method === "POST" && request.url === "/ocsp") {
            ocspCount++;
            const id = ++requestId;
            const query = tmp.file(`ocsp-${id}.req`, Buffer.concat(chunks));
            const answer = tmp.file(`ocsp-${id}.resp`);
            await run("openssl", [
              "ocsp",
              ...["-index", index, "-CA", caCertificate],
              ...["-rsigner", responderCertificate, "-rkey", responderKey],
              ...["-reqin", query, "-respout", answer, "-ndays", "1"],
            ]);
            response
              .writeHead(200, { "content-type": "application/ocsp-response" })
              .end(await readFile(answer));
          } else if (request.method === "GET" && request.url === "/ca.pem") {
            if (caPem === "") response.writeHead(503).end();
            else response.writeHead(200, { "content-type": "application/x-pem-file" }).end(caPem);
          } else if (request.method === "GET" && request.url === "/crl") {
            crlCount++;
            response.writeHead(200, { "content-type": "application/pkix-crl" }).end(crl);
          } else {
            response.writeHead(404).end();
          }
        } catch (error) {
          response.writeHead(500).end(String(error));
        }
      })();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const revocationExtension =
    revocation === "ocsp"
      ? `authorityInfoAccess=OCSP;URI:${base}/ocsp`
      : `crlDistributionPoints=URI:${base}/crl`;

  await run("openssl", [
    "req",
    ...["-x509", "-newkey", "rsa:2048", "-nodes", "-days", "3", "-sha256"],
    ...["-keyout", caKey, "-out", caCertificate],
    ...["-subj", "/CN=Paraphe test validation authority"],
    ...["-addext", "basicConstraints=critical,CA:TRUE"],
    ...["-addext", "keyUsage=critical,keyCertSign,cRLSign"],
  ]);

  const issued = new Map<string, { serial: string; subject: string }>();
  const indexLines = new Map<string, string>();
  const writeIndex = async () => {
    await writeFile(index, [...indexLines.values()].map((line) => `${line}\n`).join(""));
  };
  const record = async (serial: string, subject: string) => {
    indexLines.set(serial, ["V", "301231235959Z", "", serial, "unknown", subject].join("\t"));
    await writeIndex();
  };
  const regenerateCrl = async () => {
    const pem = tmp.file("crl.pem");
    await run("openssl", [
      "ca",
      ...["-gencrl", "-config", crlConfig, "-keyfile", caKey, "-cert", caCertificate],
      ...["-out", pem],
    ]);
    const der = tmp.file("crl.der");
    await run("openssl", ["crl", "-in", pem, "-outform", "DER", "-out", der]);
    crl = new Uint8Array(await readFile(der));
  };

  let nextSerial = 0x1001;
  /** Issues a certificate (RSA 2048, two days) for `subject`; answers its key and certificate files. */
  const issueFiles = async (subject: string, extensions: readonly string[], serial: string) => {
    const name = `cert-${serial}`;
    const key = tmp.file(`${name}.key`);
    const csr = tmp.file(`${name}.csr`);
    const certificate = tmp.file(`${name}.pem`);
    await run("openssl", [
      "req",
      ...["-new", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", csr],
      ...["-subj", subject],
    ]);
    const extfile = tmp.file(
      `${name}.ext`,
      [...extensions, "subjectKeyIdentifier=hash", "authorityKeyIdentifier=keyid", ""].join("\n"),
    );
    await run("openssl", [
      "x509",
      ...["-req", "-in", csr, "-CA", caCertificate, "-CAkey", caKey, "-sha256"],
      ...["-set_serial", `0x${serial}`, "-days", "2", "-extfile", extfile, "-out", certificate],
    ]);
    await record(serial, subject);
    return { key, certificate };
  };

  await issueFiles(
    "/CN=Paraphe test OCSP responder",
    ["extendedKeyUsage=OCSPSigning", "keyUsage=critical,digitalSignature", "noCheck=ignored"],
    "0F01",
  ).then(async ({ key, certificate }) => {
    await writeFile(responderKey, await readFile(key));
    await writeFile(responderCertificate, await readFile(certificate));
  });

  const issue = async (
    commonName: string,
    options: { shortLived?: boolean } = {},
  ): Promise<PlatformIdentity> => {
    const serial = (nextSerial++).toString(16).toUpperCase();
    const subject = `/CN=${commonName}/O=Paraphe tests`;
    const { key, certificate } = await issueFiles(
      subject,
      [
        "basicConstraints=critical,CA:FALSE",
        "keyUsage=critical,digitalSignature,nonRepudiation",
        // A short-lived certificate names no revocation service: id-ce-noRevAvail (RFC 9608).
        options.shortLived === true ? "2.5.29.56=DER:0500" : revocationExtension,
      ],
      serial,
    );
    const p12File = tmp.file(`cert-${serial}.p12`);
    await run("openssl", [
      "pkcs12",
      ...["-export", "-inkey", key, "-in", certificate, "-certfile", caCertificate],
      ...["-out", p12File, "-passout", "pass:test"],
    ]);
    const identity = await loadOrCreatePlatformIdentity({
      dataDir: tmp.file("unused"),
      p12File,
      p12Passphrase: "test",
    });
    issued.set(identity.fingerprintSha256, { serial, subject });
    return identity;
  };

  const tsaSerial = "7501";
  await record(tsaSerial, "/CN=Paraphe test timestamp authority");
  const tsa = await startTestTsa({
    issuer: {
      certificateFile: caCertificate,
      keyFile: caKey,
      serial: tsaSerial,
      extensions: [revocationExtension],
    },
    ...(options.tsaPort === undefined ? {} : { port: options.tsaPort }),
  });
  const identity = await issue("Paraphe test seal");
  await regenerateCrl();
  caPem = await readFile(caCertificate, "utf8");

  return {
    caPem,
    identity,
    issue,
    revoke: async (revoked) => {
      const entry = issued.get(revoked.fingerprintSha256);
      if (entry === undefined) throw new Error("not a certificate of this authority");
      const now = `${new Date().toISOString().slice(2, 19).replace(/[-T:]/g, "")}Z`;
      indexLines.set(
        entry.serial,
        ["R", "301231235959Z", now, entry.serial, "unknown", entry.subject].join("\t"),
      );
      await writeIndex();
      await regenerateCrl();
    },
    setAvailable: (value) => {
      available = value;
    },
    tsa,
    ocspRequests: () => ocspCount,
    crlRequests: () => crlCount,
    stop: async () => {
      await tsa.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      tmp.cleanup();
    },
  };
}
