import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CSC_USERS, startCscService, type CscTestService } from "../test/csc-service";
import { providerFetch } from "../documents/provider-fetch";
import { authorizationCodeFrom, CscClient } from "./csc-client";
import { QesError } from "./qes-error";

let service: CscTestService;
let client: CscClient;
let redirectUri: string;

const LOCKED_USER = {
  id: "grace",
  password: "grace-password",
  pin: "111111",
  name: "Grace Hopper",
  email: "grace@example.com",
};

beforeAll(async () => {
  service = await startCscService({ users: [...DEFAULT_CSC_USERS, LOCKED_USER] });
  redirectUri = service.redirectUris[0] as string;
  client = new CscClient({
    baseUrl: `${service.url}/csc/v2`,
    clientId: service.clientId,
    clientSecret: service.clientSecret,
    fetch: providerFetch(),
  });
});

afterAll(async () => {
  await service.close();
});

/** The code flow for `user`: the service access token. */
async function signIn(user: { id: string; password: string }) {
  const authorization = await client.createAuthorization({ redirectUri, scope: "service" });
  const callback = await service.signIn(authorization.url, user.id, user.password);
  const code = authorizationCodeFrom(callback, authorization.state);
  return client.exchangeCode({ code, redirectUri, codeVerifier: authorization.codeVerifier });
}

/** The QesError `promise` rejects with. */
async function failure(promise: Promise<unknown>): Promise<QesError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(QesError);
  return error as QesError;
}

const ada = DEFAULT_CSC_USERS[0]!;

describe("CscClient against a CSC v2 service", () => {
  it("runs the OAuth 2.0 code flow with state and PKCE and lists the signer's credentials with their chain", async () => {
    const authorization = await client.createAuthorization({
      redirectUri,
      scope: "service",
      lang: "fr-FR",
    });
    const url = new URL(authorization.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${service.url}/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: service.clientId,
      redirect_uri: redirectUri,
      scope: "service",
      code_challenge: createHash("sha256").update(authorization.codeVerifier).digest("base64url"),
      code_challenge_method: "S256",
      state: authorization.state,
      lang: "fr-FR",
    });
    expect(authorization.url).not.toContain(service.clientSecret);

    const callback = await service.signIn(authorization.url, ada.id, ada.password);
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
    const code = authorizationCodeFrom(callback, authorization.state);
    const tokens = await client.exchangeCode({
      code,
      redirectUri,
      codeVerifier: authorization.codeVerifier,
    });
    expect(tokens.accessToken).not.toBe("");
    expect(tokens.refreshToken).toBeDefined();
    expect(tokens.expiresAt).toBeGreaterThan(Date.now() + 3000_000);

    const credentials = await client.listCredentials(tokens.accessToken);
    expect(credentials).toHaveLength(1);
    const [credential] = credentials;
    const own = service.credentials.find((c) => c.userId === "ada")!;
    expect(credential).toMatchObject({
      credentialID: own.credentialID,
      signatureQualifier: "eu_eidas_qes",
      keyEnabled: true,
      authMode: "explicit",
      scal: "1",
      authObjects: [{ type: "Password", id: "PIN", format: "N" }],
    });
    expect(credential!.subjectDN).toContain("CN=Ada Lovelace");
    // The end-entity certificate, the issuing authority and the root.
    expect(credential!.certificates).toHaveLength(3);
    expect(Buffer.from(credential!.certificates[0]!)).toEqual(Buffer.from(own.certificate));
    const info = await client.credentialInfo(tokens.accessToken, own.credentialID);
    expect(info.keyAlgorithms).toContain("1.2.840.113549.1.1.11");

    // The refresh token gives a new service token; the secret went in the token requests' body only.
    const refreshed = await client.refresh(tokens.refreshToken!);
    expect(await client.listCredentials(refreshed.accessToken)).toHaveLength(1);
    expect(
      service.received
        .filter((r) => r.path === "/oauth2/token")
        .every((r) => r.authorization === undefined),
    ).toBe(true);
  });

  it("refuses a callback of another request and tells a denied authorization apart", async () => {
    const authorization = await client.createAuthorization({ redirectUri, scope: "service" });
    const callback = await service.signIn(authorization.url, ada.id, ada.password);
    expect(() => authorizationCodeFrom(callback, "another-state")).toThrow(
      expect.objectContaining({ code: "state_mismatch" }),
    );

    const denied = await client.createAuthorization({ redirectUri, scope: "service" });
    const answer = await service.signIn(denied.url, ada.id, ada.password, "deny");
    expect(() => authorizationCodeFrom(answer, denied.state)).toThrow(
      expect.objectContaining({ code: "access_denied" }),
    );
  });

  it("refuses an expired, a reused or a wrongly verified code (invalid_grant)", async () => {
    const authorization = await client.createAuthorization({ redirectUri, scope: "service" });
    const code = authorizationCodeFrom(
      await service.signIn(authorization.url, ada.id, ada.password),
      authorization.state,
    );
    service.advance(61_000);
    const expired = await failure(
      client.exchangeCode({ code, redirectUri, codeVerifier: authorization.codeVerifier }),
    );
    expect(expired).toMatchObject({
      code: "authorization_expired",
      status: 400,
      providerError: "invalid_grant",
    });
    expect(expired.message).toContain("Authorization code is invalid or expired");

    const second = await client.createAuthorization({ redirectUri, scope: "service" });
    const secondCode = authorizationCodeFrom(
      await service.signIn(second.url, ada.id, ada.password),
      second.state,
    );
    // PKCE: another verifier than the challenge's is refused, and the code is then spent.
    expect(
      (
        await failure(
          client.exchangeCode({ code: secondCode, redirectUri, codeVerifier: "x".repeat(43) }),
        )
      ).code,
    ).toBe("authorization_expired");
    expect(
      (
        await failure(
          client.exchangeCode({ code: secondCode, redirectUri, codeVerifier: second.codeVerifier }),
        )
      ).code,
    ).toBe("authorization_expired");
  });

  it("says the client is rejected for a wrong client secret, without printing it", async () => {
    const wrongSecret = "wrong-secret-5d1e";
    const wrong = new CscClient({
      baseUrl: `${service.url}/csc/v2`,
      clientId: service.clientId,
      clientSecret: wrongSecret,
      fetch: providerFetch(),
    });
    const authorization = await wrong.createAuthorization({ redirectUri, scope: "service" });
    const code = authorizationCodeFrom(
      await service.signIn(authorization.url, ada.id, ada.password),
      authorization.state,
    );
    const error = await failure(
      wrong.exchangeCode({ code, redirectUri, codeVerifier: authorization.codeVerifier }),
    );
    expect(error.code).toBe("client_rejected");
    expect(error.message).toContain("Invalid parameter client_secret");
    for (const text of [
      error.message,
      JSON.stringify(error),
      JSON.stringify(wrong),
      String(error.stack),
    ]) {
      expect(text).not.toContain(wrongSecret);
      expect(text).not.toContain(code);
    }

    const unknown = new CscClient({
      baseUrl: `${service.url}/csc/v2`,
      clientId: "someone-else",
      clientSecret: service.clientSecret,
      fetch: providerFetch(),
    });
    expect(
      (await failure(unknown.exchangeCode({ code: "x", redirectUri, codeVerifier: "y" }))).code,
    ).toBe("client_rejected");
  });

  it("answers a bad or expired access token with token_rejected (401)", async () => {
    const bad = await failure(client.listCredentials("not-a-token"));
    expect(bad).toMatchObject({
      code: "token_rejected",
      status: 401,
      providerError: "invalid_token",
    });
    const tokens = await signIn(ada);
    service.advance(3601_000);
    expect(await failure(client.listCredentials(tokens.accessToken))).toMatchObject({
      code: "token_rejected",
      providerError: "expired_token",
    });
  });

  it("refuses a wrong PIN, locks the credential after three, and refuses an expired SAD", async () => {
    const tokens = await signIn(LOCKED_USER);
    const [credential] = await client.listCredentials(tokens.accessToken);
    const credentialID = credential!.credentialID;
    const hash = new Uint8Array(createHash("sha256").update("a document").digest());
    const authorize = (pin: string) =>
      client.authorizeCredential(tokens.accessToken, {
        credentialID,
        numSignatures: 1,
        authData: [{ id: "PIN", value: pin }],
        hashes: [hash],
        hashAlgorithmOID: "2.16.840.1.101.3.4.2.1",
      });

    const wrongPin = await failure(authorize("000000"));
    expect(wrongPin).toMatchObject({
      code: "activation_data_invalid",
      providerError: "invalid_authentication_data",
    });
    expect(wrongPin.message).not.toContain("000000");

    // A SAD, then expired before it is used.
    const { sad } = await authorize(LOCKED_USER.pin);
    service.advance(301_000);
    expect(
      (
        await failure(
          client.signHash(tokens.accessToken, {
            credentialID,
            sad,
            hashes: [hash],
            signAlgo: "1.2.840.113549.1.1.11",
          }),
        )
      ).code,
    ).toBe("activation_expired");

    // A fresh SAD signs only the hash it was given.
    const fresh = await authorize(LOCKED_USER.pin);
    const other = new Uint8Array(createHash("sha256").update("another document").digest());
    const unbound = await failure(
      client.signHash(tokens.accessToken, {
        credentialID,
        sad: fresh.sad,
        hashes: [other],
        signAlgo: "1.2.840.113549.1.1.11",
      }),
    );
    expect(unbound.code).toBe("request_refused");
    expect(unbound.message).toContain("Hash is not authorized by the SAD");
    expect(unbound.message).not.toContain(fresh.sad);

    await failure(authorize("000001"));
    await failure(authorize("000002"));
    expect((await failure(authorize("000003"))).code).toBe("activation_data_invalid");
    expect((await failure(authorize(LOCKED_USER.pin))).code).toBe("credential_locked");
  });
});

describe("CscClient's limits", () => {
  let slow: Server;
  let slowUrl: string;

  beforeAll(async () => {
    slow = createServer((request, response) => {
      if (request.url?.endsWith("/info")) return; // never answers
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ credentialIDs: ["x".repeat(64 * 1024)] }));
    });
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/csc/v2`;
  });

  afterAll(async () => {
    slow.closeAllConnections();
    await new Promise<void>((resolve) => slow.close(() => resolve()));
  });

  it("times out, caps the answer's size and names an unreachable provider", async () => {
    const limited = new CscClient({
      baseUrl: slowUrl,
      clientId: "id",
      clientSecret: "secret",
      fetch: providerFetch(4096),
      timeoutMs: 300,
    });
    expect((await failure(limited.info())).code).toBe("provider_timeout");
    expect((await failure(limited.listCredentials("token"))).code).toBe("response_too_large");

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const gone = new CscClient({
      baseUrl: `http://127.0.0.1:${port}/csc/v2`,
      clientId: "id",
      clientSecret: "secret",
      fetch: providerFetch(),
    });
    expect((await failure(gone.info())).code).toBe("provider_unreachable");
  });
});
