/**
 * The browser tests' qualified signature provider: `startCscService` (a CSC v2 service with its own
 * certification authority, OAuth 2.0 sign-in page and PIN activation) as a process of its own on a
 * fixed port, with a fixed client, so that a signer can sign at QES through the signing app. Its
 * users are `DEFAULT_CSC_USERS` (ada / ada-password, PIN 123456). Its root certificate, which a
 * verifier trusts, is served at `/ca.pem`; its authorities' CRLs, which its certificates name and
 * the suite's B-LTA seals embed, at `/crl/`. Not part of the server: `tooling/e2e` starts it beside
 * the api.
 *
 *   tsx --conditions=@paraphe/source src/test/csc-service-server.ts --port 5189 \
 *     --redirect-uri http://localhost:5174/qes/callback --client-id paraphe-e2e --client-secret ...
 */
import { parseArgs } from "node:util";
import { startCscService } from "./csc-service";

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    "redirect-uri": { type: "string" },
    "client-id": { type: "string" },
    "client-secret": { type: "string" },
  },
});
const port = Number(values.port);
const redirectUri = values["redirect-uri"];
if (!Number.isInteger(port) || port <= 0 || redirectUri === undefined) {
  console.error(
    "usage: csc-service-server --port N --redirect-uri URL [--client-id ID] [--client-secret S]",
  );
  process.exit(2);
}

const service = await startCscService({
  port,
  redirectUris: [redirectUri],
  ...(values["client-id"] === undefined ? {} : { clientId: values["client-id"] }),
  ...(values["client-secret"] === undefined ? {} : { clientSecret: values["client-secret"] }),
});
console.log(`CSC service at ${service.url}/csc/v2 (client ${service.clientId})`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void service.close().finally(() => process.exit(0));
  });
}
