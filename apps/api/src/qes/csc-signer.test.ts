import { PDF } from "@libpdf/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CSC_USERS, startCscService, type CscTestService } from "../test/csc-service";
import { makePdf, nssDatabaseTrusting, pdfsig, qpdfCheck } from "../test/documents";
import { providerFetch } from "../documents/provider-fetch";
import { authorizationCodeFrom, CscClient, type CscScope } from "./csc-client";
import { CscSigner, ecdsaSignatureToDer } from "./csc-signer";
import { QesError } from "./qes-error";

let service: CscTestService;
let client: CscClient;
let redirectUri: string;
let nss: { nssdir: string; cleanup: () => void };

const ada = DEFAULT_CSC_USERS[0]!;
const alan = DEFAULT_CSC_USERS[1]!;
/** A signer whose credential is authorized through OAuth 2.0 (scope credential), not a PIN. */
const grace = {
  id: "grace",
  password: "grace-password",
  pin: "111111",
  name: "Grace Hopper",
  email: "grace@example.com",
  authMode: "oauth2code" as const,
};

beforeAll(async () => {
  service = await startCscService({ users: [ada, alan, grace] });
  redirectUri = service.redirectUris[0] as string;
  client = new CscClient({
    baseUrl: `${service.url}/csc/v2`,
    clientId: service.clientId,
    clientSecret: service.clientSecret,
    fetch: providerFetch(),
  });
  // Validators trust the provider's root, as they trust a qualified provider's through a trusted list.
  nss = nssDatabaseTrusting(service.rootPem);
});

afterAll(async () => {
  nss.cleanup();
  await service.close();
});

async function accessToken(
  user: { id: string; password: string },
  scope: CscScope = "service",
  credentialID?: string,
): Promise<string> {
  const authorization = await client.createAuthorization({
    redirectUri,
    scope,
    ...(scope === "credential" ? { credentialID, numSignatures: 1 } : {}),
  });
  const callback = await service.signIn(authorization.url, user.id, user.password);
  const tokens = await client.exchangeCode({
    code: authorizationCodeFrom(callback, authorization.state),
    redirectUri,
    codeVerifier: authorization.codeVerifier,
  });
  return tokens.accessToken;
}

const credentialOf = (userId: string) =>
  service.credentials.find((credential) => credential.userId === userId)!.credentialID;

async function signPdf(signer: CscSigner): Promise<Uint8Array> {
  const pdf = await PDF.load(await makePdf({ title: "Lease agreement" }));
  const { bytes } = await pdf.sign({
    signer,
    level: "B-B",
    reason: "Signed with a qualified signature",
    fieldName: "Signer 1",
  });
  return bytes;
}

describe("CscSigner", () => {
  it("signs a PDF with an RSA key held by the provider, activated by the signer's PIN, that pdfsig validates", async () => {
    const token = await accessToken(ada);
    const signer = await CscSigner.create({
      client,
      accessToken: token,
      credentialID: credentialOf("ada"),
      activation: { kind: "authData", authData: [{ id: "PIN", value: ada.pin }] },
      description: "Lease agreement",
    });
    expect(signer.keyType).toBe("RSA");
    expect(signer.subject).toContain("CN=Ada Lovelace");
    expect(signer.certificateChain).toHaveLength(2);

    const signed = await signPdf(signer);
    const report = pdfsig(signed, nss.nssdir);
    expect(report).toContain("Signer Certificate Common Name: Ada Lovelace");
    expect(report).toContain("Signature is Valid");
    expect(report).toContain("Certificate is Trusted");
    expect(report).toContain("Total document signed");
    expect(report).toContain("ETSI.CAdES.detached");
    expect(qpdfCheck(signed).status).toBe(0);
  });

  it("signs with an ECDSA key, and with a credential authorized through OAuth 2.0 instead of a PIN", async () => {
    const ec = await CscSigner.create({
      client,
      accessToken: await accessToken(alan),
      credentialID: credentialOf("alan"),
      activation: { kind: "authData", authData: [{ id: "PIN", value: alan.pin }] },
    });
    expect(ec.keyType).toBe("EC");
    const ecReport = pdfsig(await signPdf(ec), nss.nssdir);
    expect(ecReport).toContain("Signer Certificate Common Name: Alan Turing");
    expect(ecReport).toContain("Signature is Valid");
    expect(ecReport).toContain("Certificate is Trusted");

    const graceCredential = credentialOf("grace");
    const token = await accessToken(grace, "credential", graceCredential);
    const oauth = await CscSigner.create({
      client,
      accessToken: token,
      credentialID: graceCredential,
      activation: { kind: "token" },
    });
    expect(oauth.credential.authMode).toBe("oauth2code");
    const report = pdfsig(await signPdf(oauth), nss.nssdir);
    expect(report).toContain("Signer Certificate Common Name: Grace Hopper");
    expect(report).toContain("Signature is Valid");
    // The token was for one signature.
    const again = await signPdf(oauth).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(QesError);
  });

  it("fails the signature on a wrong PIN, and the document is not signed", async () => {
    const signer = await CscSigner.create({
      client,
      accessToken: await accessToken(ada),
      credentialID: credentialOf("ada"),
      activation: { kind: "authData", authData: [{ id: "PIN", value: "999999" }] },
    });
    const error = await signPdf(signer).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(QesError);
    expect((error as QesError).code).toBe("activation_data_invalid");
    expect((error as QesError).message).not.toContain("999999");
  });

  it("turns an ECDSA signature given as r || s into DER, and keeps DER as it is", () => {
    const raw = new Uint8Array(64).fill(0x11);
    raw[0] = 0x80; // r needs a leading zero in DER
    const derived = ecdsaSignatureToDer(raw, 32);
    expect(Buffer.from(derived).subarray(0, 5).toString("hex")).toBe("3045022100");
    expect(ecdsaSignatureToDer(derived, 32)).toBe(derived);
  });
});
