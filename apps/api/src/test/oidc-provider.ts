/**
 * A real OpenID provider (`oidc-provider`) in the test's process, on 127.0.0.1 and a free port, with
 * one confidential client (authorization code, PKCE, client_secret_basic) whose redirect URI is the
 * web app's `/auth/oidc`. Its login interaction signs in the account named by the request's
 * `login_hint` (the email the login started with) at once; consent is granted for the client. Each
 * instance signs with a key of its own, so a second instance's key set is "another key". Not part
 * of the server.
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** The parts of `oidc-provider` used here (the package ships no type declarations). */
interface OidcGrant {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}
interface OidcContext {
  oidc: {
    client: { clientId: string };
    session: { accountId: string };
  };
}
interface OidcProvider {
  Grant: new (properties: { clientId: string; accountId: string }) => OidcGrant;
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<{ params: Record<string, unknown> }>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
}
type OidcProviderConstructor = new (
  issuer: string,
  configuration: Record<string, unknown>,
) => OidcProvider;

/** The URLs an SSO configuration names, as this provider serves them. */
export interface TestIdentityProviderUrls {
  issuerUrl: string;
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  revocationUrl: string;
  jwksUrl: string;
}

export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  urls: TestIdentityProviderUrls;
  /**
   * The claims of the account a login with `login_hint: email` signs in as (by default
   * `{ email, email_verified: true }`): set another email, or none, to make a provider that
   * answers something else.
   */
  setClaims(email: string, claims: Record<string, unknown>): void;
  /**
   * Follows an authorization URL as a browser would (cookies, redirects, the login interaction)
   * and answers the query the provider sends back to the redirect URI (`?code=...&state=...`).
   */
  authorize(authorizationUrl: string): Promise<string>;
  close(): Promise<void>;
}

const PACKAGE = "oidc-provider";

/** Starts a provider whose client sends people back to `redirectUri`. */
export async function startTestIdentityProvider(options: {
  redirectUri: string;
  clientId?: string;
  /** The client's secret; a random one by default. */
  clientSecret?: string;
  /** The port on 127.0.0.1; any free one by default. */
  port?: number;
}): Promise<TestIdentityProvider> {
  const module = (await import(PACKAGE)) as { default: OidcProviderConstructor };
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = options.clientId ?? `paraphe-${randomBytes(4).toString("hex")}`;
  const clientSecret = options.clientSecret ?? randomBytes(24).toString("base64url");
  const claims = new Map<string, Record<string, unknown>>();
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const signingKey = {
    ...privateKey.export({ format: "jwk" }),
    kid: randomBytes(8).toString("hex"),
    use: "sig",
    alg: "RS256",
  };

  const provider = new module.default(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name"],
    },
    // The email is in the ID token itself, as the api reads it.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false }, revocation: { enabled: true } },
    pkce: { required: () => true },
    // Lifetimes of the provider's artifacts, in seconds (short: a test's login is quick).
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    findAccount: (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: () => ({ sub, ...(claims.get(sub) ?? { email: sub, email_verified: true }) }),
    }),
    loadExistingGrant: async (ctx: OidcContext & { oidc: { provider: OidcProvider } }) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  const handle = provider.callback();
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith("/interaction/") === true) {
      void (async () => {
        const details = await provider.interactionDetails(req, res);
        const accountId = String(details.params.login_hint);
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId } },
          { mergeWithLastSubmission: false },
        );
      })().catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    handle(req, res);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    urls: {
      issuerUrl: issuer,
      authorizationUrl: `${issuer}/auth`,
      tokenUrl: `${issuer}/token`,
      userinfoUrl: `${issuer}/me`,
      revocationUrl: `${issuer}/token/revocation`,
      jwksUrl: `${issuer}/jwks`,
    },
    setClaims(email, value) {
      claims.set(email, value);
    },
    async authorize(authorizationUrl) {
      const jar = new Map<string, string>();
      let location = new URL(authorizationUrl);
      for (let step = 0; step < 10; step++) {
        const response = await fetch(location, {
          redirect: "manual",
          headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") },
        });
        for (const cookie of response.headers.getSetCookie()) {
          const pair = cookie.split(";", 1)[0] ?? "";
          const equals = pair.indexOf("=");
          const name = pair.slice(0, equals);
          const value = pair.slice(equals + 1);
          if (value === "" || /expires=Thu, 01 Jan 1970/i.test(cookie)) jar.delete(name);
          else jar.set(name, value);
        }
        const next = response.headers.get("location");
        if (next === null) {
          throw new Error(`the provider answered ${response.status}: ${await response.text()}`);
        }
        location = new URL(next, location);
        if (location.href.startsWith(options.redirectUri)) return location.search;
      }
      throw new Error("the provider redirected too many times");
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error === undefined ? resolve() : reject(error)));
      }),
  };
}
