import { execFileSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { type AddressInfo } from "node:net";
import { createServer } from "node:http";
import { requireTool, temporaryDirectory } from "./documents";

/** A certification authority that issues the timestamp authority's certificate (PEM files). */
export interface TsaIssuer {
  certificateFile: string;
  keyFile: string;
  /** The serial number to give the TSA's certificate, hexadecimal. */
  serial: string;
  /** Extension lines added to the TSA's certificate (authorityInfoAccess, crlDistributionPoints). */
  extensions?: readonly string[];
}

/**
 * A local RFC 3161 timestamp authority for tests: a TSA certificate (extendedKeyUsage
 * critical,timeStamping), self-signed or issued by `issuer` (its tokens then carry the issuer's
 * certificate too), and an HTTP server that answers each query with `openssl ts -reply`.
 */
export async function startTestTsa(
  options: {
    issuer?: TsaIssuer;
    /** A fixed port (a random one by default). */ port?: number;
  } = {},
): Promise<{
  url: string;
  certificatePem: string;
  requests: () => number;
  stop: () => Promise<void>;
}> {
  requireTool("openssl");
  const tmp = temporaryDirectory("paraphe-tsa-");
  const key = tmp.file("tsa.key");
  const certificate = tmp.file("tsa.pem");
  const { issuer } = options;
  if (issuer === undefined) {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "2",
        "-keyout",
        key,
        "-out",
        certificate,
        "-subj",
        "/CN=Paraphe test timestamp authority",
        "-addext",
        "extendedKeyUsage=critical,timeStamping",
        "-addext",
        "keyUsage=critical,digitalSignature",
      ],
      { stdio: "pipe" },
    );
  } else {
    const request = tmp.file("tsa.csr");
    execFileSync(
      "openssl",
      ["req", "-new", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", request].concat([
        "-subj",
        "/CN=Paraphe test timestamp authority",
      ]),
      { stdio: "pipe" },
    );
    const extensions = tmp.file(
      "tsa.ext",
      [
        "extendedKeyUsage=critical,timeStamping",
        "keyUsage=critical,digitalSignature",
        "subjectKeyIdentifier=hash",
        "authorityKeyIdentifier=keyid",
        ...(issuer.extensions ?? []),
        "",
      ].join("\n"),
    );
    execFileSync(
      "openssl",
      ["x509", "-req", "-in", request, "-CA", issuer.certificateFile, "-CAkey", issuer.keyFile]
        .concat([
          "-set_serial",
          `0x${issuer.serial}`,
          "-days",
          "2",
          "-sha256",
          "-extfile",
          extensions,
        ])
        .concat(["-out", certificate]),
      { stdio: "pipe" },
    );
  }
  const chain =
    issuer === undefined
      ? certificate
      : tmp.file(
          "chain.pem",
          (await readFile(certificate, "utf8")) + (await readFile(issuer.certificateFile, "utf8")),
        );
  tmp.file("serial", "01\n");
  const config = tmp.file(
    "tsa.cnf",
    [
      "[ tsa ]",
      "default_tsa = tsa_config",
      "[ tsa_config ]",
      `serial = ${tmp.file("serial")}`,
      `signer_cert = ${certificate}`,
      `certs = ${chain}`,
      `signer_key = ${key}`,
      "signer_digest = sha256",
      "default_policy = 1.2.3.4.1",
      "digests = sha256, sha384, sha512",
      "accuracy = secs:1",
      "ess_cert_id_alg = sha256",
      "",
    ].join("\n"),
  );

  let count = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const id = ++count;
      const query = tmp.file(`query-${id}.tsq`);
      const reply = tmp.file(`reply-${id}.tsr`);
      void (async () => {
        try {
          await writeFile(query, Buffer.concat(chunks));
          execFileSync(
            "openssl",
            ["ts", "-reply", "-config", config, "-queryfile", query, "-out", reply],
            {
              stdio: "pipe",
            },
          );
          const body = await readFile(reply);
          response.writeHead(200, { "content-type": "application/timestamp-reply" }).end(body);
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
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tsa`,
    certificatePem: await readFile(certificate, "utf8"),
    requests: () => count,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      tmp.cleanup();
    },
  };
}
