/**
 * The browser tests' validation authority: `startTestValidationAuthority` as a process of its own
 * on fixed ports: a certification authority with its OCSP responder (`openssl ocsp`) and CRL on
 * `--port`, and a timestamp authority it issued (`openssl ts`) on `--tsa-port`, whose certificate
 * names that responder. The api of the browser tests seals at PAdES B-LTA against them (TSA_URL);
 * the root certificate, which a verifier trusts, is served at `/ca.pem` and written to `--ca-file`.
 * Not part of the server: `tooling/e2e` starts it beside the api.
 *
 *   tsx --conditions=@paraphe/source src/test/validation-authority-server.ts --port 5190 \
 *     --tsa-port 5191 --ca-file ../../tooling/e2e/.cache/validation-authority/ca.pem
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { startTestValidationAuthority } from "./validation-authority";

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    "tsa-port": { type: "string" },
    "ca-file": { type: "string" },
  },
});
const port = Number(values.port);
const tsaPort = Number(values["tsa-port"]);
const caFile = values["ca-file"];
if (!Number.isInteger(port) || port <= 0 || !Number.isInteger(tsaPort) || tsaPort <= 0) {
  console.error("usage: validation-authority-server --port N --tsa-port M [--ca-file FILE]");
  process.exit(2);
}

const authority = await startTestValidationAuthority({ port, tsaPort });
if (caFile !== undefined) {
  await mkdir(dirname(resolve(caFile)), { recursive: true });
  await writeFile(caFile, authority.caPem);
}
console.log(
  `Validation authority: OCSP at http://127.0.0.1:${String(port)}/ocsp, timestamps at ${authority.tsa.url}`,
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void authority.stop().finally(() => process.exit(0));
  });
}
