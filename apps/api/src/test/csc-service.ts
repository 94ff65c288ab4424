// @peculiar/x509 resolves its providers through tsyringe, which needs the Reflect metadata API
// first (ES modules evaluate imports in order).
import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { execFileSync } from "node:child_process";
import {
  constants,
  createHash,
  createPrivateKey,
  privateEncrypt,
  randomBytes,
  type KeyObject,
} from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { requireTool, temporaryDirectory } from "./documents";

/**
 * A remote signing service speaking the Cloud Signature Consortium API v2.0 (CSC v2.0.0.2) as
 * published, for tests: `POST /csc/v2/info`, `credentials/list`, `credentials/info`,
 * `credentials/authorize`, `signatures/signHash`, and its OAuth 2.0 authorization server
 * (`GET /oauth2/authorize` with a sign-in page, `POST /oauth2/token`) with PKCE, the `service`
 * and `credential` scopes, and the errors of the specification (`{ error, error_description }`).
 * It has its own certification authority (a root and an issuing authority) and gives each user a
 * credential: a key and a qualified-like certificate naming the user (QCStatements: QcCompliance,
 * QcSSCD, QcType esign; policy QCP-n-qscd). Its certificates name where their revocation status is
 * published, a CRL distribution point on the service itself (`GET /crl/signing-ca.crl`,
 * `/crl/root.crl`), so that a seal at PAdES B-LTA can embed it; its root is at `GET /ca.pem`.
 */

/** A signer known to the service. */
export interface CscTestUser {
  /** The user name typed on the sign-in page. */
  id: string;
  /** The account password of the sign-in page. */
  password: string;
  /** The signing PIN (`authData` `PIN`) that `credentials/authorize` checks. */
  pin: string;
  /** Full name, in the certificate's subject. */
  name: string;
  email: string;
  /** The key of the credential; RSA 2048 by default. */
  keyAlgorithm?: "RSA" | "EC";
  /**
   * How the credential is authorized: `explicit` (a PIN sent to `credentials/authorize`, the
   * default) or `oauth2code` (an access token of scope `credential`).
   */
  authMode?: "explicit" | "oauth2code";
  /** The key is disabled (`key/status`), and authorization refuses it. */
  disabled?: boolean;
}

/** A credential of the service: what a test may need to check a signature. */
export interface CscTestCredential {
  credentialID: string;
  userId: string;
  /** The end-entity certificate, DER. */
  certificate: Uint8Array;
  certificatePem: string;
  keyAlgorithm: "RSA" | "EC";
}

export interface CscTestService {
  /** The service's base address: the CSC API is at `{url}/csc/v2/`, OAuth 2.0 at `{url}/oauth2/`. */
  url: string;
  clientId: string;
  clientSecret: string;
  /** The redirect URIs registered for the client. */
  redirectUris: string[];
  /** The root authority's certificate, PEM: what a validator trusts (also served at `{url}/ca.pem`). */
  rootPem: string;
  /**
   * The issuing authority's certificate, PEM. It names the root's CRL, and the users' certificates
   * name the issuing authority's: both are served by the service (`GET`, DER,
   * `application/pkix-crl`), each signed by its authority and revoking nothing.
   */
  issuingPem: string;
  /** How many CRLs the service has served. */
  crlRequests: () => number;
  credentials: CscTestCredential[];
  /** Every request received: method, path, and the Authorization header's scheme. */
  received: { method: string; path: string; authorization: string | undefined }[];
  /**
   * Signs in on the authorization page reached by `authorizationUrl` as `username` (approving, or
   * denying) and returns the address the page redirects the browser to (the client's callback
   * with `code` and `state`, or `error`).
   */
  signIn(
    authorizationUrl: string,
    username: string,
    password: string,
    decision?: "approve" | "deny",
  ): Promise<URL>;
  /** Moves the service's clock forward (codes, tokens and SADs expire). */
  advance(milliseconds: number): void;
  close(): Promise<void>;
}

export interface CscTestServiceOptions {
  users?: CscTestUser[];
  clientId?: string;
  clientSecret?: string;
  /** Registered redirect URIs; a callback on loopback by default. */
  redirectUris?: string[];
  /** How many wrong PINs lock a credential (3 by default). */
  maxPinTries?: number;
  /** The loopback port to listen on; a free one by default. */
  port?: number;
}

export const DEFAULT_CSC_USERS: CscTestUser[] = [
  {
    id: "ada",
    password: "ada-password",
    pin: "123456",
    name: "Ada Lovelace",
    email: "ada@example.com",
  },
  {
    id: "alan",
    password: "alan-password",
    pin: "654321",
    name: "Alan Turing",
    email: "alan@example.com",
    keyAlgorithm: "EC",
  },
];

/** Lifetimes, as the specification's examples give them. */
const CODE_LIFETIME_MS = 60_000;
const SERVICE_TOKEN_SECONDS = 3600;
const CREDENTIAL_TOKEN_SECONDS = 300;
const SAD_SECONDS = 300;
const MULTISIGN = 5;

const OID = {
  sha256: "2.16.840.1.101.3.4.2.1",
  sha384: "2.16.840.1.101.3.4.2.2",
  sha512: "2.16.840.1.101.3.4.2.3",
  rsa: "1.2.840.113549.1.1.1",
  sha256WithRsa: "1.2.840.113549.1.1.11",
  sha384WithRsa: "1.2.840.113549.1.1.12",
  sha512WithRsa: "1.2.840.113549.1.1.13",
  ecPublicKey: "1.2.840.10045.2.1",
  ecdsaWithSha256: "1.2.840.10045.4.3.2",
  ecdsaWithSha384: "1.2.840.10045.4.3.3",
  ecdsaWithSha512: "1.2.840.10045.4.3.4",
  p256: "1.2.840.10045.3.1.7",
} as const;

const HASHES: Record<string, { name: "sha256" | "sha384" | "sha512"; length: number }> = {
  [OID.sha256]: { name: "sha256", length: 32 },
  [OID.sha384]: { name: "sha384", length: 48 },
  [OID.sha512]: { name: "sha512", length: 64 },
};

/** The hash a signature algorithm implies (undefined: given apart, by hashAlgorithmOID). */
const IMPLIED_HASH: Record<string, string> = {
  [OID.sha256WithRsa]: OID.sha256,
  [OID.sha384WithRsa]: OID.sha384,
  [OID.sha512WithRsa]: OID.sha512,
  [OID.ecdsaWithSha256]: OID.sha256,
  [OID.ecdsaWithSha384]: OID.sha384,
  [OID.ecdsaWithSha512]: OID.sha512,
};

const DIGEST_INFO_PREFIX: Record<string, string> = {
  sha256: "3031300d060960864801650304020105000420",
  sha384: "3041300d060960864801650304020205000430",
  sha512: "3051300d060960864801650304020305000440",
};

const KEY_ALGOS = {
  RSA: [OID.sha256WithRsa, OID.sha384WithRsa, OID.sha512WithRsa, OID.rsa],
  EC: [OID.ecdsaWithSha256, OID.ecdsaWithSha384, OID.ecdsaWithSha512, OID.ecPublicKey],
} as const;

// A minimal DER writer, for the QCStatements extension.
function derLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
function der(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), derLength(body.length), body]);
}
function derOid(oid: string): Buffer {
  const [first = 0, second = 0, ...rest] = oid.split(".").map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const groups = [arc & 0x7f];
    for (let value = arc >> 7; value > 0; value >>= 7) groups.unshift((value & 0x7f) | 0x80);
    bytes.push(...groups);
  }
  return der(0x06, Buffer.from(bytes));
}

/** QCStatements (ETSI EN 319 412-5): QcCompliance, QcSSCD, QcType esign. */
function qcStatements(): x509.Extension {
  const value = der(
    0x30,
    der(0x30, derOid("0.4.0.1862.1.1")),
    der(0x30, derOid("0.4.0.1862.1.4")),
    der(0x30, derOid("0.4.0.1862.1.6"), der(0x30, derOid("0.4.0.1862.1.6.1"))),
  );
  return new x509.Extension("1.3.6.1.5.5.7.1.3", false, value);
}

const ECDSA = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" } as const;
const RSA = {
  name: "RSASSA-PKCS1-v1_5",
  modulusLength: 2048,
  publicExponent: new Uint8Array([1, 0, 1]),
  hash: "SHA-256",
} as const;

interface Credential extends CscTestCredential {
  user: CscTestUser;
  chain: Uint8Array[];
  certificateObject: x509.X509Certificate;
  key: KeyObject;
  keyPem: string;
  wrongPins: number;
}

/** A certification authority of the service: its certificate and keys, which sign its CRL. */
interface Authority {
  certificate: x509.X509Certificate;
  keys: { privateKey: CryptoKey; publicKey: CryptoKey };
}

/** Where the service publishes its authorities' CRLs (`{url}{path}`). */
const CRL_PATHS = { root: "/crl/root.crl", issuing: "/crl/signing-ca.crl" } as const;

/**
 * Issues the service's authorities and one credential per user. `url` is the service's address:
 * the issuing authority's certificate names the root's CRL there, the users' certificates the
 * issuing authority's, as a qualified provider's certificates name where their status is published.
 */
async function issueCredentials(
  users: readonly CscTestUser[],
  url: string,
): Promise<{ root: Authority; issuing: Authority; credentials: Credential[] }> {
  const now = Date.now();
  const notBefore = new Date(now - 5 * 60_000);
  const notAfter = new Date(now + 2 * 24 * 3600_000);
  const rootKeys = await crypto.subtle.generateKey(ECDSA, true, ["sign", "verify"]);
  const root = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: "01",
      name: "CN=Paraphe test qualified root, O=Test Trust Services, C=FR",
      keys: rootKeys,
      notBefore,
      notAfter,
      signingAlgorithm: ECDSA,
      extensions: [
        new x509.BasicConstraintsExtension(true, 1, true),
        new x509.KeyUsagesExtension(
          x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign,
          true,
        ),
        await x509.SubjectKeyIdentifierExtension.create(rootKeys.publicKey, false, crypto),
      ],
    },
    crypto,
  );
  const issuingKeys = await crypto.subtle.generateKey(ECDSA, true, ["sign", "verify"]);
  const issuing = await x509.X509CertificateGenerator.create(
    {
      serialNumber: "02",
      subject: "CN=Paraphe test qualified signing CA, O=Test Trust Services, C=FR",
      issuer: root.subject,
      notBefore,
      notAfter,
      signingAlgorithm: ECDSA,
      publicKey: issuingKeys.publicKey,
      signingKey: rootKeys.privateKey,
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(
          x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign,
          true,
        ),
        await x509.SubjectKeyIdentifierExtension.create(issuingKeys.publicKey, false, crypto),
        await x509.AuthorityKeyIdentifierExtension.create(rootKeys.publicKey, false, crypto),
        new x509.CRLDistributionPointsExtension([`${url}${CRL_PATHS.root}`]),
      ],
    },
    crypto,
  );
  const credentials: Credential[] = [];
  let serial = 0x1000;
  for (const user of users) {
    const keyAlgorithm = user.keyAlgorithm ?? "RSA";
    const keys = await crypto.subtle.generateKey(keyAlgorithm === "RSA" ? RSA : ECDSA, true, [
      "sign",
      "verify",
    ]);
    const [given = user.name, ...family] = user.name.split(" ");
    const certificate = await x509.X509CertificateGenerator.create(
      {
        serialNumber: (serial++).toString(16),
        subject: new x509.Name([
          { C: ["FR"] },
          { SN: [family.join(" ") || given] },
          { G: [given] },
          { CN: [user.name] },
          { E: [user.email] },
        ]),
        issuer: issuing.subject,
        notBefore,
        notAfter,
        signingAlgorithm: ECDSA,
        publicKey: keys.publicKey,
        signingKey: issuingKeys.privateKey,
        extensions: [
          new x509.BasicConstraintsExtension(false, undefined, true),
          new x509.KeyUsagesExtension(
            x509.KeyUsageFlags.nonRepudiation | x509.KeyUsageFlags.digitalSignature,
            true,
          ),
          new x509.SubjectAlternativeNameExtension([{ type: "email", value: user.email }]),
          new x509.CertificatePolicyExtension(["0.4.0.194112.1.2"]),
          qcStatements(),
          await x509.AuthorityKeyIdentifierExtension.create(issuingKeys.publicKey, false, crypto),
          new x509.CRLDistributionPointsExtension([`${url}${CRL_PATHS.issuing}`]),
        ],
      },
      crypto,
    );
    const pkcs8 = Buffer.from(await crypto.subtle.exportKey("pkcs8", keys.privateKey));
    credentials.push({
      credentialID: `CR-${user.id}-${randomBytes(4).toString("hex")}`,
      userId: user.id,
      user,
      certificate: new Uint8Array(certificate.rawData),
      certificatePem: certificate.toString("pem"),
      certificateObject: certificate,
      chain: [new Uint8Array(issuing.rawData), new Uint8Array(root.rawData)],
      keyAlgorithm,
      key: createPrivateKey({ key: pkcs8, format: "der", type: "pkcs8" }),
      keyPem: x509.PemConverter.encode(pkcs8, "PRIVATE KEY"),
      wrongPins: 0,
    });
  }
  return {
    root: { certificate: root, keys: rootKeys },
    issuing: { certificate: issuing, keys: issuingKeys },
    credentials,
  };
}

/**
 * The authority's CRL (RFC 5280, DER), signed by it now and good for a day: it revokes nothing.
 * Made at each request, so that it is issued after the signatures whose status it proves.
 */
async function crlOf(authority: Authority, crlNumber: number): Promise<Uint8Array> {
  const thisUpdate = new Date();
  const crl = await x509.X509CrlGenerator.create(
    {
      issuer: authority.certificate.subjectName,
      thisUpdate,
      nextUpdate: new Date(thisUpdate.getTime() + 24 * 3600_000),
      signingAlgorithm: ECDSA,
      signingKey: authority.keys.privateKey,
      extensions: [
        await x509.AuthorityKeyIdentifierExtension.create(authority.keys.publicKey, false, crypto),
        // cRLNumber, which a conforming CRL carries.
        new x509.Extension("2.5.29.20", false, der(0x02, derInteger(crlNumber))),
      ],
    },
    crypto,
  );
  return new Uint8Array(crl.rawData);
}

/** A non-negative INTEGER's content octets. */
function derInteger(value: number): Buffer {
  const bytes: number[] = [];
  for (let rest = value; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  if (bytes.length === 0 || (bytes[0] ?? 0) >= 0x80) bytes.unshift(0);
  return Buffer.from(bytes);
}

/** A raw signature of `digest` with the credential's key (PKCS#1 v1.5 or DER-encoded ECDSA). */
function signDigest(
  credential: Credential,
  digest: Buffer,
  hash: "sha256" | "sha384" | "sha512",
  ecKeyFile: () => string,
): Buffer {
  if (credential.keyAlgorithm === "RSA") {
    const digestInfo = Buffer.concat([Buffer.from(DIGEST_INFO_PREFIX[hash] ?? "", "hex"), digest]);
    return privateEncrypt(
      { key: credential.key, padding: constants.RSA_PKCS1_PADDING },
      digestInfo,
    );
  }
  // Node's crypto hashes what it signs; openssl's pkeyutl signs a digest as it is.
  return execFileSync("openssl", ["pkeyutl", "-sign", "-inkey", ecKeyFile()], {
    input: digest,
    stdio: ["pipe", "pipe", "pipe"],
  });
}

function generalizedTime(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:T]/g, "")
    .replace(/\.\d+Z$/, "Z");
}

class CscError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

function invalid(description: string): CscError {
  return new CscError(400, "invalid_request", description);
}

interface Code {
  clientId: string;
  redirectUri: string;
  scope: "service" | "credential";
  userId: string;
  credentialID?: string;
  numSignatures?: number;
  hashes?: string[];
  challenge: string;
  method: "S256" | "plain";
  expiresAt: number;
}

interface Token {
  userId: string;
  scope: "service" | "credential";
  expiresAt: number;
  credentialID?: string;
  remaining?: number;
  hashes?: string[];
}

interface Sad {
  credentialID: string;
  remaining: number;
  hashes?: string[];
  expiresAt: number;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

const token = () => randomBytes(24).toString("base64url");

/** Starts the service on a loopback port (`options.port`, or a free one). */
export async function startCscService(
  options: CscTestServiceOptions = {},
): Promise<CscTestService> {
  const users = options.users ?? DEFAULT_CSC_USERS;
  const clientId = options.clientId ?? "paraphe-test-client";
  const clientSecret = options.clientSecret ?? "paraphe-test-secret-4f9c2a";
  const maxPinTries = options.maxPinTries ?? 3;
  // Issued once the service listens: their certificates name its address.
  let credentials: Credential[] = [];
  let authorities: { root: Authority; issuing: Authority } | undefined = undefined;
  let crlNumber = 0;
  let crlCount = 0;
  const tmp = temporaryDirectory("paraphe-csc-");
  const keyFiles = new Map<string, string>();
  const ecKeyFile = (credential: Credential) => () => {
    requireTool("openssl");
    let file = keyFiles.get(credential.credentialID);
    if (file === undefined) {
      file = tmp.file(`${credential.credentialID}.pem`, credential.keyPem);
      keyFiles.set(credential.credentialID, file);
    }
    return file;
  };
  let offset = 0;
  const now = () => Date.now() + offset;
  const received: CscTestService["received"] = [];
  const pending = new Map<string, Record<string, string>>();
  const codes = new Map<string, Code>();
  const tokens = new Map<string, Token>();
  const refreshTokens = new Map<string, { userId: string; clientId: string }>();
  const sads = new Map<string, Sad>();
  let url = "";
  let redirectUris: string[] = options.redirectUris ?? [];

  const userById = (id: string) => users.find((user) => user.id === id);
  const credentialsOf = (userId: string) => credentials.filter((c) => c.userId === userId);

  function json(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, {
      "content-type": "application/json",
      "cache-control": "no-store",
    });
    response.end(JSON.stringify(body));
  }

  function html(response: ServerResponse, status: number, body: string): void {
    response.writeHead(status, { "content-type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html lang="en"><title>Test Trust Services</title>${body}</html>`);
  }

  function redirect(response: ServerResponse, to: string, params: Record<string, string>): void {
    const target = new URL(to);
    for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
    response.writeHead(302, { location: target.toString() });
    response.end();
  }

  // --- OAuth 2.0 ---------------------------------------------------------------------------

  /** Checks an authorization request; an answer is sent (and null returned) when it is wrong. */
  function checkAuthorizationRequest(
    params: Record<string, string>,
    response: ServerResponse,
  ): Record<string, string> | null {
    // Without a known client and its registered redirect URI, nothing is redirected (RFC 6749
    // §4.1.2.1): the page says so.
    if (params["client_id"] !== clientId) {
      html(response, 400, "<p>Unknown client.</p>");
      return null;
    }
    const redirectUri = params["redirect_uri"] ?? "";
    if (!redirectUris.includes(redirectUri)) {
      html(response, 400, "<p>The redirect URI is not registered for this client.</p>");
      return null;
    }
    const fail = (error: string, description: string) => {
      redirect(response, redirectUri, {
        error,
        error_description: description,
        ...(params["state"] === undefined ? {} : { state: params["state"] }),
      });
      return null;
    };
    if (params["response_type"] !== "code")
      return fail("unsupported_response_type", "response_type must be code");
    const scope = params["scope"] ?? "service";
    if (scope !== "service" && scope !== "credential")
      return fail("invalid_scope", "Invalid parameter scope");
    if (!params["code_challenge"])
      return fail("invalid_request", "Missing parameter code_challenge");
    const method = params["code_challenge_method"] ?? "plain";
    if (method !== "S256" && method !== "plain")
      return fail("invalid_request", "Invalid parameter code_challenge_method");
    if (scope === "credential") {
      if (!params["credentialID"]) return fail("invalid_request", "Missing parameter credentialID");
      const num = Number(params["numSignatures"]);
      if (!Number.isInteger(num) || num < 1)
        return fail("invalid_request", "Invalid value for parameter numSignatures");
      if (num > MULTISIGN) return fail("invalid_request", "Numbers of signatures is too high");
      if (params["hashes"] !== undefined && !params["hashAlgorithmOID"])
        return fail("invalid_request", "Missing parameter hashAlgorithmOID");
    }
    return { ...params, scope, code_challenge_method: method };
  }

  function authorizePage(
    response: ServerResponse,
    transaction: string,
    status = 200,
    message = "",
  ): void {
    html(
      response,
      status,
      `<h1>Sign in to Test Trust Services</h1>${message === "" ? "" : `<p role="alert">${escapeHtml(message)}</p>`}
<form method="post" action="/oauth2/authorize">
<input type="hidden" name="transaction" value="${escapeHtml(transaction)}">
<label>User <input name="username" autocomplete="username"></label>
<label>Password <input name="password" type="password" autocomplete="current-password"></label>
<button name="decision" value="approve">Allow</button>
<button name="decision" value="deny">Deny</button>
</form>`,
    );
  }

  function completeAuthorization(form: Record<string, string>, response: ServerResponse): void {
    const transaction = form["transaction"] ?? "";
    const params = pending.get(transaction);
    if (params === undefined) {
      html(response, 400, "<p>This authorization request is unknown or already used.</p>");
      return;
    }
    const redirectUri = params["redirect_uri"] ?? "";
    const state: Record<string, string> =
      params["state"] === undefined ? {} : { state: params["state"] };
    if (form["decision"] === "deny") {
      pending.delete(transaction);
      redirect(response, redirectUri, {
        error: "access_denied",
        error_description: "The user denied the request",
        ...state,
      });
      return;
    }
    const user = userById(form["username"] ?? "");
    if (user === undefined || user.password !== form["password"]) {
      authorizePage(response, transaction, 401, "Wrong user or password.");
      return;
    }
    const scope = params["scope"] as "service" | "credential";
    const credentialID = params["credentialID"];
    if (
      scope === "credential" &&
      !credentialsOf(user.id).some((c) => c.credentialID === credentialID)
    ) {
      pending.delete(transaction);
      redirect(response, redirectUri, {
        error: "access_denied",
        error_description: "The credential does not belong to the user",
        ...state,
      });
      return;
    }
    pending.delete(transaction);
    const code = token();
    codes.set(code, {
      clientId,
      redirectUri,
      scope,
      userId: user.id,
      ...(scope === "credential"
        ? {
            credentialID,
            numSignatures: Number(params["numSignatures"]),
            ...(params["hashes"] ? { hashes: params["hashes"].split(",").map(toBase64) } : {}),
          }
        : {}),
      challenge: params["code_challenge"] ?? "",
      method: params["code_challenge_method"] as "S256" | "plain",
      expiresAt: now() + CODE_LIFETIME_MS,
    });
    redirect(response, redirectUri, { code, ...state });
  }

  /** Client authentication: HTTP Basic or client_id and client_secret in the body. */
  function authenticateClient(request: IncomingMessage, form: Record<string, string>): void {
    const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? "")?.[1];
    let id = form["client_id"];
    let secret = form["client_secret"];
    if (basic !== undefined) {
      const decoded = Buffer.from(basic, "base64").toString("utf8");
      const colon = decoded.indexOf(":");
      id = decodeURIComponent(decoded.slice(0, colon));
      secret = decodeURIComponent(decoded.slice(colon + 1));
    }
    if (!id) throw invalid("Missing parameter client_id");
    if (id !== clientId) throw invalid("Invalid parameter client_id");
    if (secret === undefined)
      throw new CscError(401, "invalid_request", "Client authorization required");
    if (secret !== clientSecret) throw invalid("Invalid parameter client_secret");
  }

  function issueToken(userId: string, scope: "service" | "credential", code?: Code) {
    const access = token();
    const seconds = scope === "service" ? SERVICE_TOKEN_SECONDS : CREDENTIAL_TOKEN_SECONDS;
    tokens.set(access, {
      userId,
      scope,
      expiresAt: now() + seconds * 1000,
      ...(code?.credentialID === undefined
        ? {}
        : {
            credentialID: code.credentialID,
            remaining: code.numSignatures ?? 1,
            ...(code.hashes === undefined ? {} : { hashes: code.hashes }),
          }),
    });
    const answer: Record<string, unknown> = {
      access_token: access,
      token_type: "Bearer",
      expires_in: seconds,
    };
    if (scope === "service") {
      const refresh = token();
      refreshTokens.set(refresh, { userId, clientId });
      answer["refresh_token"] = refresh;
    }
    return answer;
  }

  function tokenEndpoint(request: IncomingMessage, form: Record<string, string>) {
    if (!form["grant_type"] && !form["client_id"] && request.headers.authorization === undefined)
      throw invalid("Missing parameter client_id");
    authenticateClient(request, form);
    const grant = form["grant_type"];
    if (!grant) throw invalid("Missing parameter grant_type");
    if (grant === "refresh_token") {
      if (!form["refresh_token"]) throw invalid("Missing parameter refresh_token");
      const refresh = refreshTokens.get(form["refresh_token"]);
      if (refresh === undefined)
        throw new CscError(400, "invalid_grant", "Invalid parameter refresh_token");
      return issueToken(refresh.userId, "service");
    }
    if (grant !== "authorization_code") throw invalid("Invalid parameter grant_type");
    const codeText = form["code"];
    if (!codeText) throw invalid("Missing parameter code");
    const code = codes.get(codeText);
    // A code is used once, whatever the outcome.
    codes.delete(codeText);
    if (code === undefined || code.expiresAt <= now())
      throw new CscError(400, "invalid_grant", "Authorization code is invalid or expired");
    if (form["redirect_uri"] !== code.redirectUri)
      throw new CscError(400, "invalid_grant", "redirect_uri parameter does not match");
    const verifier = form["code_verifier"] ?? "";
    const expected =
      code.method === "S256" ? createHash("sha256").update(verifier).digest("base64url") : verifier;
    if (verifier === "" || expected !== code.challenge)
      throw new CscError(400, "invalid_grant", "Invalid parameter code_verifier");
    const answer = issueToken(code.userId, code.scope, code);
    return answer;
  }

  // --- The CSC API ---------------------------------------------------------------------------

  function bearer(request: IncomingMessage): Token {
    const header = request.headers.authorization;
    if (header === undefined)
      throw new CscError(401, "invalid_token", "The access token is missing");
    const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header);
    if (match === null) throw invalid("Malformed authorization header");
    const found = tokens.get(match[1] ?? "");
    if (found === undefined)
      throw new CscError(401, "invalid_token", "The access token is not valid");
    if (found.expiresAt <= now())
      throw new CscError(401, "expired_token", "The access token is expired");
    return found;
  }

  function stringParam(body: Record<string, unknown>, name: string): string {
    const value = body[name];
    if (typeof value !== "string" || value === "")
      throw invalid(`Missing (or invalid type) string parameter ${name}`);
    return value;
  }

  function credentialFor(caller: Token, credentialID: string): Credential {
    const credential = credentials.find(
      (c) => c.credentialID === credentialID && c.userId === caller.userId,
    );
    if (credential === undefined) throw invalid("Invalid parameter credentialID");
    if (caller.scope === "credential" && caller.credentialID !== credentialID)
      throw invalid("Invalid parameter credentialID");
    return credential;
  }

  function describe(credential: Credential, body: Record<string, unknown>) {
    const certificates = body["certificates"] ?? "single";
    if (certificates !== "none" && certificates !== "single" && certificates !== "chain")
      throw invalid("Invalid parameter certificates");
    const certificate = credential.certificateObject;
    const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
    const mode = credential.user.authMode ?? "explicit";
    return {
      description: `Qualified signature of ${credential.user.name}`,
      signatureQualifier: "eu_eidas_qes",
      key: {
        status: credential.user.disabled === true ? "disabled" : "enabled",
        algo: [...KEY_ALGOS[credential.keyAlgorithm]],
        len: credential.keyAlgorithm === "RSA" ? 2048 : 256,
        ...(credential.keyAlgorithm === "EC" ? { curve: OID.p256 } : {}),
      },
      cert: {
        status: "valid",
        ...(certificates === "none"
          ? {}
          : {
              certificates:
                certificates === "chain"
                  ? [credential.certificate, ...credential.chain].map(b64)
                  : [b64(credential.certificate)],
            }),
        ...(body["certInfo"] === true
          ? {
              issuerDN: certificate.issuer,
              serialNumber: certificate.serialNumber,
              subjectDN: certificate.subject,
              validFrom: generalizedTime(certificate.notBefore),
              validTo: generalizedTime(certificate.notAfter),
            }
          : {}),
      },
      // auth/mode is always given; the objects only when asked for (authInfo).
      auth:
        body["authInfo"] === true && mode === "explicit"
          ? {
              mode,
              expression: "PIN",
              objects: [
                {
                  type: "Password",
                  id: "PIN",
                  format: "N",
                  label: "PIN",
                  description: "Please enter the signature PIN",
                },
              ],
            }
          : { mode },
      SCAL: "1",
      multisign: MULTISIGN,
      lang: "en-US",
    };
  }

  function hashList(value: unknown, name: string): string[] {
    if (!Array.isArray(value) || value.some((item) => typeof item !== "string"))
      throw invalid(`Missing (or invalid type) array parameter ${name}`);
    if (value.length === 0) throw invalid("Empty hash array");
    for (const item of value as string[]) {
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(item) && !/^[A-Za-z0-9_-]+$/.test(item))
        throw invalid("Invalid Base64 hash string parameter");
    }
    return (value as string[]).map(toBase64);
  }

  function api(path: string, request: IncomingMessage, body: Record<string, unknown>): unknown {
    if (path === "info") {
      return {
        specs: "2.0.0.2",
        name: "Test Trust Services",
        logo: `${url}/logo.png`,
        region: "FR",
        lang: "en-US",
        description: "A remote signing service for tests",
        authType: ["oauth2code"],
        oauth2: `${url}/`,
        methods: [
          "credentials/list",
          "credentials/info",
          "credentials/authorize",
          "signatures/signHash",
        ],
        signAlgorithms: { algos: [...KEY_ALGOS.RSA, ...KEY_ALGOS.EC] },
        signature_formats: {
          formats: ["C", "P"],
          envelope_properties: [["Detached"], ["Revision"]],
        },
        conformance_levels: ["Ades-B-B"],
      };
    }
    const caller = bearer(request);
    switch (path) {
      case "credentials/list": {
        if (body["userID"] !== undefined && body["userID"] !== null)
          throw invalid("userID parameter MUST be null");
        const own = credentialsOf(caller.userId);
        return {
          credentialIDs: own.map((c) => c.credentialID),
          ...(body["credentialInfo"] === true
            ? {
                credentialInfos: own.map((c) => ({
                  credentialID: c.credentialID,
                  ...describe(c, body),
                })),
              }
            : {}),
        };
      }
      case "credentials/info":
        return describe(credentialFor(caller, stringParam(body, "credentialID")), body);
      case "credentials/authorize": {
        const credential = credentialFor(caller, stringParam(body, "credentialID"));
        if (credential.user.disabled === true)
          throw invalid("The credential identified by credentialID is disabled");
        if ((credential.user.authMode ?? "explicit") !== "explicit")
          throw invalid("The credential is authorized through OAuth 2.0 (auth/mode oauth2code)");
        const num = body["numSignatures"];
        if (typeof num !== "number" || !Number.isInteger(num))
          throw invalid("Missing (or invalid type) integer parameter numSignatures");
        if (num < 1) throw invalid("Invalid value for parameter numSignatures");
        if (num > MULTISIGN) throw invalid("Numbers of signatures is too high");
        const hashes =
          body["hashes"] === undefined ? undefined : hashList(body["hashes"], "hashes");
        if (hashes !== undefined && typeof body["hashAlgorithmOID"] !== "string")
          throw invalid("Missing (or invalid type) string parameter hashAlgorithmOID");
        if (credential.wrongPins >= maxPinTries) throw invalid("Credential locked");
        const authData = body["authData"];
        const pin = Array.isArray(authData)
          ? (authData as unknown[]).find(
              (item): item is { id: string; value: unknown } =>
                typeof item === "object" &&
                item !== null &&
                (item as { id?: unknown }).id === "PIN",
            )
          : undefined;
        if (pin === undefined || pin.value !== credential.user.pin) {
          credential.wrongPins += 1;
          throw new CscError(
            400,
            "invalid_authentication_data",
            "The authentication data is invalid",
          );
        }
        credential.wrongPins = 0;
        const sad = token();
        sads.set(sad, {
          credentialID: credential.credentialID,
          remaining: num,
          ...(hashes === undefined ? {} : { hashes }),
          expiresAt: now() + SAD_SECONDS * 1000,
        });
        return { SAD: sad, expiresIn: SAD_SECONDS };
      }
      case "signatures/signHash": {
        const credential = credentialFor(caller, stringParam(body, "credentialID"));
        const hashes = hashList(body["hashes"], "hash");
        const signAlgo = body["signAlgo"];
        if (typeof signAlgo !== "string" || signAlgo === "")
          throw invalid("Missing (or invalid type) string parameter signAlgo");
        if (!(KEY_ALGOS[credential.keyAlgorithm] as readonly string[]).includes(signAlgo))
          throw invalid("Invalid parameter signAlgo");
        let hashOid = IMPLIED_HASH[signAlgo];
        if (hashOid === undefined) {
          const given = body["hashAlgorithmOID"];
          if (typeof given !== "string" || given === "")
            throw invalid("Missing (or invalid type) string parameter hashAlgorithmOID");
          hashOid = given;
        }
        const hash = HASHES[hashOid];
        if (hash === undefined) throw invalid("Invalid parameter hashAlgorithmOID");
        // The activation: a SAD, or an access token of scope credential (in the header or as SAD).
        const sadText = body["SAD"];
        let grant: Sad | Token;
        if (caller.scope === "credential" && sadText === undefined) grant = caller;
        else {
          if (typeof sadText !== "string" || sadText === "")
            throw invalid("Missing (or invalid type) string parameter SAD");
          const asToken = tokens.get(sadText);
          const found =
            sads.get(sadText) ??
            (asToken?.scope === "credential" && asToken.userId === caller.userId
              ? asToken
              : undefined);
          if (found === undefined || found.credentialID !== credential.credentialID)
            throw invalid("Invalid parameter SAD");
          grant = found;
        }
        if (grant.expiresAt <= now()) throw invalid("SAD expired");
        if ((grant.remaining ?? 0) < hashes.length) throw invalid("Invalid parameter SAD");
        for (const item of hashes) {
          if (Buffer.from(item, "base64").length !== hash.length)
            throw invalid("Invalid digest value length");
          if (grant.hashes !== undefined && !grant.hashes.includes(item))
            throw invalid("Hash is not authorized by the SAD");
        }
        grant.remaining = (grant.remaining ?? 0) - hashes.length;
        return {
          signatures: hashes.map((item) =>
            signDigest(
              credential,
              Buffer.from(item, "base64"),
              hash.name,
              ecKeyFile(credential),
            ).toString("base64"),
          ),
        };
      }
      default:
        throw new CscError(501, "invalid_request", `Not implemented: ${path}`);
    }
  }

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const target = new URL(request.url ?? "/", url);
    received.push({
      method: request.method ?? "",
      path: target.pathname,
      authorization: request.headers.authorization?.split(" ")[0],
    });
    try {
      if (request.method === "GET" && authorities !== undefined) {
        if (target.pathname === "/ca.pem") {
          response.writeHead(200, { "content-type": "application/x-pem-file" });
          response.end(authorities.root.certificate.toString("pem"));
          return;
        }
        const crlOfPath =
          target.pathname === CRL_PATHS.root
            ? authorities.root
            : target.pathname === CRL_PATHS.issuing
              ? authorities.issuing
              : undefined;
        if (crlOfPath !== undefined) {
          crlCount += 1;
          crlNumber += 1;
          const body = await crlOf(crlOfPath, crlNumber);
          response.writeHead(200, { "content-type": "application/pkix-crl" });
          response.end(body);
          return;
        }
      }
      if (target.pathname === "/oauth2/authorize") {
        if (request.method === "GET") {
          const params = Object.fromEntries(target.searchParams);
          const checked = checkAuthorizationRequest(params, response);
          if (checked === null) return;
          const transaction = token();
          pending.set(transaction, checked);
          authorizePage(response, transaction);
          return;
        }
        if (request.method === "POST") {
          completeAuthorization(Object.fromEntries(new URLSearchParams(text)), response);
          return;
        }
      }
      if (target.pathname === "/oauth2/token" && request.method === "POST") {
        if (!/^application\/x-www-form-urlencoded/.test(request.headers["content-type"] ?? ""))
          throw invalid("The token request must be application/x-www-form-urlencoded");
        json(response, 200, tokenEndpoint(request, Object.fromEntries(new URLSearchParams(text))));
        return;
      }
      const api2 = /^\/csc\/v2\/(.+)$/.exec(target.pathname)?.[1];
      if (api2 !== undefined && request.method === "POST") {
        let body: unknown = {};
        if (text.trim() !== "") {
          try {
            body = JSON.parse(text);
          } catch {
            throw invalid("The request body is not JSON");
          }
        }
        if (typeof body !== "object" || body === null || Array.isArray(body))
          throw invalid("The request body is not a JSON object");
        json(response, 200, api(api2, request, body as Record<string, unknown>));
        return;
      }
      json(response, 404, { error: "invalid_request", error_description: "Not found" });
    } catch (error) {
      if (error instanceof CscError) {
        json(response, error.status, { error: error.error, error_description: error.description });
        return;
      }
      throw error;
    }
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) json(response, 500, { error: "server_error" });
      else response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;
  if (redirectUris.length === 0) redirectUris = ["http://127.0.0.1:3999/qes/callback"];
  const issued = await issueCredentials(users, url);
  credentials = issued.credentials;
  authorities = { root: issued.root, issuing: issued.issuing };

  return {
    url,
    clientId,
    clientSecret,
    redirectUris,
    rootPem: issued.root.certificate.toString("pem"),
    issuingPem: issued.issuing.certificate.toString("pem"),
    crlRequests: () => crlCount,
    credentials: credentials.map(
      ({ credentialID, userId, certificate, certificatePem, keyAlgorithm }) => ({
        credentialID,
        userId,
        certificate,
        certificatePem,
        keyAlgorithm,
      }),
    ),
    received,
    async signIn(authorizationUrl, username, password, decision = "approve") {
      const page = await fetch(authorizationUrl, { redirect: "manual" });
      const location = page.headers.get("location");
      if (location !== null) return new URL(location);
      const transaction = /name="transaction" value="([^"]+)"/.exec(await page.text())?.[1];
      if (transaction === undefined)
        throw new Error(`the authorization page answered ${page.status} without a form`);
      const answer = await fetch(`${url}/oauth2/authorize`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ transaction, username, password, decision }),
      });
      const to = answer.headers.get("location");
      if (to === null) throw new Error(`the sign-in answered ${answer.status} without a redirect`);
      return new URL(to);
    },
    advance(milliseconds) {
      offset += milliseconds;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          tmp.cleanup();
          resolve();
        });
      }),
  };
}

/** A hash as standard base64 (the authorization URL carries base64url). */
function toBase64(text: string): string {
  return Buffer.from(text, /[-_]/.test(text) ? "base64url" : "base64").toString("base64");
}
