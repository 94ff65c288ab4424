import { createHash, hkdfSync, timingSafeEqual, X509Certificate } from "node:crypto";
import type { AccessLink } from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import type { BlobStore } from "../blob/blob-store";
import type { Config } from "../config";
import type { Database, EnvelopeRow, RecipientRow } from "../db/database";
import { providerFetch } from "../documents/provider-fetch";
import { signAsSigner } from "../documents/worker-pool";
import { AppError } from "../errors/app-error";
import { hitRateLimit, rateLimit } from "../identity/rate-limit";
import { isSealedMailBody, openMailBody, sealMailBody } from "../mail/body-sealing";
import { QesError, qesProviderFromConfig, type CscClient, type CscCredential } from "../qes";
import { conflict } from "./command-errors";
import type { EnvelopeDeps } from "./envelope-deps";
import { verifyAccessLink } from "./link-access";
import { isTurn } from "./turns";
import { addSignerRevisions } from "./signer-revisions";
import { loadRecipients, personOf } from "./views";

/** The certificate a qualified signature was made with, as the activity chain and proof name it. */
export interface QualifiedSignatureRecord {
  level: "QES";
  certificate: {
    subject: string;
    issuer: string;
    serialNumber: string;
    fingerprintSha256: string;
  };
}

/** What `/envelope/sign` carries at QES. */
export interface QualifiedSignatureInput {
  session: string;
  credentialId: string;
  pin: string;
}

/** How long a started authorization waits for the provider's callback. */
const AUTHORIZATION_LIFETIME_MS = 10 * 60_000;
/** How long a signing session lasts at most (the provider's token may end it sooner). */
const SESSION_LIFETIME_MS = 30 * 60_000;
/**
 * Sign-ins at the provider one recipient may start: 10 per 15 minutes, so that a link alone
 * cannot make the api call the provider without end.
 */
export const QES_AUTHORIZATIONS_PER_RECIPIENT = rateLimit(
  10,
  15,
  "Too many sign-ins at the provider were started. Wait a little before trying again.",
);
/** The signature's reason, which validators show beside it. */
const REASON = "Signed with Paraphe (qualified electronic signature)";
const LABEL = "paraphe/api qes v1";

/** The signing app's page the provider sends signers back to: registered with the provider. */
export function qesRedirectUri(config: Pick<Config, "signUrl">): string {
  return `${config.signUrl.replace(/\/+$/, "")}/qes/callback`;
}

/** The key sealing PKCE verifiers and sessions, derived from the link key for this use only. */
function qesKey(linkKey: Buffer): Buffer {
  return Buffer.from(hkdfSync("sha256", linkKey, new Uint8Array(0), LABEL, 32));
}

const binding = (recipientId: string, what: "verifier" | "session") => ({
  to: `qes:${recipientId}`,
  subject: `${LABEL} ${what}`,
});

const stateHash = (state: string) => createHash("sha256").update(state, "utf8").digest();

function providerOf(config: Config): CscClient {
  const provider = qesProviderFromConfig(config, providerFetch());
  if (provider === undefined) {
    throw new AppError("CONFLICT", {
      message:
        "Qualified signatures need a qualified trust service provider, and none is configured.",
      suggestion: "Ask the sender to choose another signature level.",
      reason: "qes_unavailable",
    });
  }
  return provider;
}

/**
 * A provider's refusal as the api answers it: the signer's doing (wrong PIN, locked credential,
 * expired authorization) as CONFLICT with the provider's code as reason, the provider's trouble as
 * SERVICE_UNAVAILABLE. Nothing of the request (PIN, token) is in the message.
 */
export function qesFailure(error: unknown): unknown {
  if (!(error instanceof QesError)) return error;
  switch (error.code) {
    case "activation_data_invalid":
      return new AppError("CONFLICT", {
        message: "The provider refused the PIN of your certificate.",
        suggestion: "Type the PIN again; after too many wrong ones the provider locks it.",
        reason: "qes_pin_invalid",
      });
    case "credential_locked":
      return new AppError("CONFLICT", {
        message: "Your certificate is locked at the provider after too many wrong PINs.",
        suggestion: "Unlock it with your provider, then sign again.",
        reason: "qes_credential_locked",
      });
    case "authorization_expired":
    case "token_rejected":
    case "activation_expired":
    case "state_mismatch":
    case "access_denied":
      return new AppError("CONFLICT", {
        message: "Your authorization at the provider expired or was refused.",
        suggestion: "Sign in at your provider again.",
        reason: "qes_authorization_expired",
      });
    case "credential_unusable":
      return new AppError("CONFLICT", {
        message: "This certificate cannot sign (disabled, expired or of an unsupported kind).",
        suggestion: "Choose another certificate, or ask your provider.",
        reason: "qes_credential_unusable",
      });
    default:
      return new AppError("SERVICE_UNAVAILABLE", {
        message: "The qualified trust service provider could not be reached or answered wrongly.",
        suggestion: "Try again in a moment.",
      });
  }
}

/** The signer of `link` at QES, whose turn it is: refused otherwise. */
async function qualifiedSigner(
  deps: EnvelopeDeps,
  link: AccessLink,
): Promise<{ envelope: EnvelopeRow; recipient: RecipientRow }> {
  const { envelope, recipient } = await verifyAccessLink(deps, deps.db, link, { purpose: "sign" });
  if (envelope.signatureLevel !== "QES") {
    throw new AppError("CONFLICT", {
      message: "This envelope is not signed at the qualified level.",
      reason: "not_qualified",
    });
  }
  if (recipient.kind !== "signer" || recipient.status !== "pending") {
    throw conflict("You have nothing to sign on this envelope.");
  }
  if (!isTurn(envelope, recipient, await loadRecipients(deps.db, envelope.id))) {
    throw conflict("It is not your turn to sign yet: an earlier step has not ended.");
  }
  return { envelope, recipient };
}

/**
 * POST /envelope/qes/authorize: starts the provider's OAuth 2.0 code flow for the signer (state and
 * PKCE S256). The state is kept as a SHA-256 and the verifier sealed, bound to the recipient, for
 * ten minutes; a new start replaces the previous one; 10 starts per recipient per 15 minutes
 * (RATE_LIMITED beyond).
 */
export async function startQualifiedAuthorization(
  deps: EnvelopeDeps,
  link: AccessLink,
): Promise<{ authorizationUrl: string; state: string }> {
  const { envelope, recipient } = await qualifiedSigner(deps, link);
  const provider = providerOf(deps.config);
  await hitRateLimit(
    deps.db,
    `qes-authorize:recipient:${recipient.id}`,
    QES_AUTHORIZATIONS_PER_RECIPIENT,
    deps.now(),
  );
  const authorization = await provider
    .createAuthorization({
      redirectUri: qesRedirectUri(deps.config),
      scope: "service",
      description: envelope.title.slice(0, 500),
    })
    .catch((error: unknown) => {
      throw qesFailure(error);
    });
  const now = new Date(deps.now());
  const row = {
    stateHash: stateHash(authorization.state),
    codeVerifier: sealMailBody(
      qesKey(deps.linkKey),
      binding(recipient.id, "verifier"),
      authorization.codeVerifier,
    ),
    createdAt: now,
    expiresAt: new Date(now.getTime() + AUTHORIZATION_LIFETIME_MS),
  };
  await deps.db
    .insertInto("qesAuthorization")
    .values({ recipientId: recipient.id, ...row })
    .onConflict((oc) => oc.column("recipientId").doUpdateSet(row))
    .execute();
  return { authorizationUrl: authorization.url, state: authorization.state };
}

/** A credential as the signing page shows it. */
function describeCredential(credential: CscCredential) {
  let subject = credential.subjectDN ?? "";
  let issuer = "";
  const first = credential.certificates[0];
  if (first !== undefined) {
    try {
      const certificate = new X509Certificate(first);
      subject = oneLine(certificate.subject);
      issuer = oneLine(certificate.issuer);
    } catch {
      // Shown as the provider described it.
    }
  }
  const pin = credential.authObjects.find((object) => object.type === "Password");
  return {
    id: credential.credentialID.slice(0, 255),
    description: credential.description?.slice(0, 255) ?? null,
    subject: subject.slice(0, 2000),
    issuer: issuer.slice(0, 2000),
    usable:
      credential.authMode === "explicit" &&
      credential.keyEnabled &&
      (credential.certificateStatus === undefined || credential.certificateStatus === "valid"),
    pinLabel: pin?.label?.slice(0, 255) ?? null,
  };
}

/** A distinguished name as node prints it (one attribute a line), on one line. */
function oneLine(name: string): string {
  return name.split("\n").filter(Boolean).join(", ");
}

/**
 * POST /envelope/qes/credentials: back from the provider, the callback's state must be the one
 * started (its authorization then spent), the code is exchanged with the kept verifier and the
 * signer's credentials listed. The access token goes back sealed (bound to the recipient) as an
 * opaque session that the signing page keeps in memory; the api keeps none of it.
 */
export async function qualifiedCredentials(
  deps: EnvelopeDeps,
  input: AccessLink & { code: string; state: string },
): Promise<{
  credentials: ReturnType<typeof describeCredential>[];
  session: string;
  expiresAt: string;
}> {
  const { recipient } = await qualifiedSigner(deps, input);
  const provider = providerOf(deps.config);
  const expired = () =>
    new AppError("CONFLICT", {
      message: "This authorization at the provider is unknown, used or expired.",
      suggestion: "Sign in at your provider again.",
      reason: "qes_authorization_expired",
    });
  const row = await deps.db
    .selectFrom("qesAuthorization")
    .selectAll()
    .where("recipientId", "=", recipient.id)
    .executeTakeFirst();
  if (row === undefined || row.expiresAt.getTime() <= deps.now()) throw expired();
  const given = stateHash(input.state);
  if (!timingSafeEqual(given, row.stateHash)) throw expired();
  // Spent whatever the exchange gives: a code is good once.
  await deps.db
    .deleteFrom("qesAuthorization")
    .where("recipientId", "=", recipient.id)
    .where("stateHash", "=", row.stateHash)
    .execute();
  const codeVerifier = openMailBody(
    qesKey(deps.linkKey),
    binding(recipient.id, "verifier"),
    row.codeVerifier,
  );
  try {
    const tokens = await provider.exchangeCode({
      code: input.code,
      redirectUri: qesRedirectUri(deps.config),
      codeVerifier,
    });
    const credentials = await provider.listCredentials(tokens.accessToken);
    const expiresAt = Math.min(tokens.expiresAt, deps.now() + SESSION_LIFETIME_MS);
    const session = sealMailBody(
      qesKey(deps.linkKey),
      binding(recipient.id, "session"),
      JSON.stringify({ token: tokens.accessToken, expiresAt }),
    );
    return {
      credentials: credentials.slice(0, 100).map(describeCredential),
      session,
      expiresAt: new Date(expiresAt).toISOString(),
    };
  } catch (error) {
    throw qesFailure(error);
  }
}

/** The provider's access token of a session, or CONFLICT `qes_authorization_expired`. */
function accessTokenOf(
  deps: { linkKey: Buffer; now: () => number },
  recipientId: string,
  session: string,
): string {
  const expired = new AppError("CONFLICT", {
    message: "Your session at the provider expired.",
    suggestion: "Sign in at your provider again.",
    reason: "qes_authorization_expired",
  });
  if (!isSealedMailBody(session)) throw expired;
  let opened: { token?: unknown; expiresAt?: unknown };
  try {
    opened = JSON.parse(
      openMailBody(qesKey(deps.linkKey), binding(recipientId, "session"), session),
    ) as typeof opened;
  } catch {
    throw expired;
  }
  if (
    typeof opened.token !== "string" ||
    typeof opened.expiresAt !== "number" ||
    opened.expiresAt <= deps.now()
  ) {
    throw expired;
  }
  return opened.token;
}

/**
 * A signer's qualified signature (QES), once their signing was accepted (their row already
 * `signed`, their values saved, inside the signing transaction): the credential is read from the
 * provider, then on each document's current revision their fields are drawn and their PAdES
 * signature added in one incremental update by the document worker, whose `CscSigner` has the
 * provider sign the hash with the signer's PIN (one authorization per document); stored
 * encrypted as the new current revision, as at AES. A refusal of the provider throws (the
 * transaction rolls back: nothing changes and the signer may try again).
 */
export async function addQualifiedSignature(
  deps: { config: Config; blobStore: BlobStore; linkKey: Buffer; now: () => number },
  trx: Kysely<Database>,
  envelope: EnvelopeRow,
  signer: RecipientRow,
  everyone: readonly RecipientRow[],
  images: { signature: Uint8Array; initials?: Uint8Array | undefined },
  at: Date,
  qualified: QualifiedSignatureInput,
): Promise<QualifiedSignatureRecord> {
  const provider = providerOf(deps.config);
  const accessToken = accessTokenOf(deps, signer.id, qualified.session);
  const credential = await provider
    .credentialInfo(accessToken, qualified.credentialId)
    .catch((error: unknown) => {
      throw qesFailure(error);
    });
  const [first] = credential.certificates;
  if (first === undefined) throw qesFailure(new QesError("invalid_response", "no certificate"));
  const certificate = new X509Certificate(first);
  const person = personOf(signer);
  await addSignerRevisions(
    deps,
    trx,
    envelope,
    signer,
    everyone,
    images,
    at,
    ({ base, stamps, document }) =>
      signAsSigner(base, stamps, {
        qualified: {
          baseUrl: provider.baseUrl,
          clientId: provider.clientId,
          accessToken,
          credentialID: qualified.credentialId,
          authData: [{ id: "PIN", value: qualified.pin }],
          description: `${envelope.title} — ${document.filename}`.slice(0, 500),
        },
        fieldName: person.name || signer.email,
        reason: REASON,
        location: "Paraphe",
        signingTime: at,
      }).catch((error: unknown) => {
        throw qesFailure(error);
      }),
  );
  return {
    level: "QES",
    certificate: {
      subject: oneLine(certificate.subject).slice(0, 2000),
      issuer: oneLine(certificate.issuer).slice(0, 2000),
      serialNumber: certificate.serialNumber.toLowerCase().replace(/^0+(?=.)/, ""),
      fingerprintSha256: createHash("sha256").update(first).digest("hex"),
    },
  };
}
