/**
 * The browser tests' OpenID provider: `startTestIdentityProvider` as a process of its own on a
 * fixed port, with a fixed client, so that a test can configure a team's single sign-on in the web
 * app and sign in through it. Its login interaction signs in the email the login started with at
 * once. Not part of the server: `tooling/e2e` starts it beside the api.
 *
 *   tsx --conditions=@paraphe/source src/test/oidc-provider-server.ts --port 5181 \
 *     --redirect-uri http://localhost:5173/auth/oidc --client-id paraphe-e2e --client-secret ...
 */
import { parseArgs } from "node:util";
import { startTestIdentityProvider } from "./oidc-provider";

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
    "usage: oidc-provider-server --port N --redirect-uri URL [--client-id ID] [--client-secret S]",
  );
  process.exit(2);
}

const provider = await startTestIdentityProvider({
  port,
  redirectUri,
  clientId: values["client-id"],
  clientSecret: values["client-secret"],
});
console.log(`OpenID provider at ${provider.issuer} (client ${provider.clientId})`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void provider.close().finally(() => process.exit(0));
  });
}
