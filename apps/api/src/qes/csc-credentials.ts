import { z } from "zod";
import { QesError } from "./qes-error";
import { fromBase64, type CscTransport } from "./csc-transport";

/** An authentication object of a credential (CSC v2 §8.3): what the signer must give. */
export interface CscAuthObject {
  type: string;
  id: string;
  format: string | undefined;
  label: string | undefined;
  description: string | undefined;
}

/** A credential as `credentials/info` describes it. */
export interface CscCredential {
  credentialID: string;
  description: string | undefined;
  signatureQualifier: string | undefined;
  keyEnabled: boolean;
  /** OIDs of the signature algorithms the key signs with (`key/algo`). */
  keyAlgorithms: string[];
  keyLength: number;
  certificateStatus: string | undefined;
  /** The end-entity certificate first, then its chain, DER. */
  certificates: Uint8Array[];
  subjectDN: string | undefined;
  /** `explicit`: activation data to `credentials/authorize`; `oauth2code`: a credential-scope token. */
  authMode: "explicit" | "oauth2code" | "implicit";
  authObjects: CscAuthObject[];
  /** "1": the SAD is not bound to the hashes; "2": it is. */
  scal: "1" | "2";
  /** Most signatures one authorization allows. */
  multisign: number;
}

/** What `credentials/authorize` gave: the SAD and when it expires. */
export interface CscActivation {
  sad: string;
  expiresAt: number;
}

/** What `credentials/authorize` is given. */
export interface CscAuthorizeInput {
  credentialID: string;
  numSignatures: number;
  authData: readonly { id: string; value?: string }[];
  hashes?: readonly Uint8Array[];
  hashAlgorithmOID?: string;
  description?: string;
}

/** What `signatures/signHash` is given. */
export interface CscSignHashInput {
  credentialID: string;
  sad?: string;
  hashes: readonly Uint8Array[];
  signAlgo: string;
  hashAlgorithmOID?: string;
}

const authObjectSchema = z.object({
  type: z.string(),
  id: z.string(),
  format: z.string().optional(),
  label: z.string().optional(),
  description: z.string().optional(),
});

const credentialInfoSchema = z.object({
  description: z.string().optional(),
  signatureQualifier: z.string().optional(),
  key: z.object({
    status: z.string(),
    algo: z.array(z.string()),
    len: z.number(),
    curve: z.string().optional(),
  }),
  cert: z
    .object({
      status: z.string().optional(),
      certificates: z.array(z.string()).max(10).optional(),
      subjectDN: z.string().optional(),
    })
    .optional(),
  auth: z
    .object({
      mode: z.string(),
      expression: z.string().optional(),
      // The specification's own example writes the array as an object: accept both.
      objects: z
        .union([z.array(authObjectSchema), z.record(z.string(), authObjectSchema)])
        .optional(),
    })
    .optional(),
  // CSC v1 and early v2 services give the mode at the top level.
  authMode: z.string().optional(),
  SCAL: z.string().optional(),
  multisign: z.number().int().min(1).optional(),
});

const listSchema = z.object({
  credentialIDs: z.array(z.string()).max(1000),
  credentialInfos: z
    .array(credentialInfoSchema.extend({ credentialID: z.string() }))
    .max(1000)
    .optional(),
});

const authorizeSchema = z.object({
  SAD: z.string().min(1).max(8192),
  expiresIn: z.number().positive().optional(),
});

const signHashSchema = z.object({ signatures: z.array(z.string()) });

function toCredential(
  credentialID: string,
  info: z.infer<typeof credentialInfoSchema>,
): CscCredential {
  const mode = info.auth?.mode ?? info.authMode ?? "explicit";
  const objects = info.auth?.objects;
  return {
    credentialID,
    description: info.description,
    signatureQualifier: info.signatureQualifier,
    keyEnabled: info.key.status === "enabled",
    keyAlgorithms: info.key.algo,
    keyLength: info.key.len,
    certificateStatus: info.cert?.status,
    certificates: (info.cert?.certificates ?? []).map(fromBase64),
    subjectDN: info.cert?.subjectDN,
    authMode: mode === "oauth2code" || mode === "implicit" ? mode : "explicit",
    authObjects: (objects === undefined
      ? []
      : Array.isArray(objects)
        ? objects
        : Object.values(objects)
    ).map((object) => ({
      type: object.type,
      id: object.id,
      format: object.format,
      label: object.label,
      description: object.description,
    })),
    scal: info.SCAL === "2" ? "2" : "1",
    multisign: info.multisign ?? 1,
  };
}

/** `credentials/info`: a credential with its certificate chain and how it is authorized. */
export async function credentialInfo(
  transport: CscTransport,
  accessToken: string,
  credentialID: string,
): Promise<CscCredential> {
  const info = await transport.api(
    "credentials/info",
    accessToken,
    { credentialID, certificates: "chain", certInfo: true, authInfo: true },
    credentialInfoSchema,
  );
  return toCredential(credentialID, info);
}

/** `credentials/list`: the signer's credentials, described (certificate chain, authorization). */
export async function listCredentials(
  transport: CscTransport,
  accessToken: string,
): Promise<CscCredential[]> {
  const list = await transport.api(
    "credentials/list",
    accessToken,
    { credentialInfo: true, certificates: "chain", certInfo: true, authInfo: true },
    listSchema,
  );
  if (list.credentialInfos !== undefined)
    return list.credentialInfos.map((info) => toCredential(info.credentialID, info));
  // A service that does not describe them in the list: one credentials/info each.
  return Promise.all(list.credentialIDs.map((id) => credentialInfo(transport, accessToken, id)));
}

/**
 * `credentials/authorize` (explicit mode): the signer's activation data (`[{ id: "PIN", value }]`)
 * for `numSignatures` signatures, bound to `hashes` when given; returns the SAD.
 */
export async function authorizeCredential(
  transport: CscTransport,
  accessToken: string,
  input: CscAuthorizeInput,
): Promise<CscActivation> {
  const started = Date.now();
  const answer = await transport.api(
    "credentials/authorize",
    accessToken,
    {
      credentialID: input.credentialID,
      numSignatures: input.numSignatures,
      authData: input.authData,
      ...(input.hashes === undefined
        ? {}
        : {
            hashes: input.hashes.map((hash) => Buffer.from(hash).toString("base64")),
            hashAlgorithmOID: input.hashAlgorithmOID,
          }),
      ...(input.description === undefined ? {} : { description: input.description.slice(0, 500) }),
    },
    authorizeSchema,
    input.authData.flatMap((item) => (item.value === undefined ? [] : [item.value])),
  );
  return { sad: answer.SAD, expiresAt: started + (answer.expiresIn ?? 3600) * 1000 };
}

/**
 * `signatures/signHash`: the raw signatures of `hashes` (in their order) with the credential's
 * key and `signAlgo` (an OID of its `key/algo`). `sad`: from `authorizeCredential`, or a
 * credential-scope access token; none when `accessToken` itself is of scope credential.
 */
export async function signHash(
  transport: CscTransport,
  accessToken: string,
  input: CscSignHashInput,
): Promise<Uint8Array[]> {
  const answer = await transport.api(
    "signatures/signHash",
    accessToken,
    {
      credentialID: input.credentialID,
      ...(input.sad === undefined ? {} : { SAD: input.sad }),
      hashes: input.hashes.map((hash) => Buffer.from(hash).toString("base64")),
      signAlgo: input.signAlgo,
      ...(input.hashAlgorithmOID === undefined ? {} : { hashAlgorithmOID: input.hashAlgorithmOID }),
      operationMode: "S",
    },
    signHashSchema,
    input.sad === undefined ? [] : [input.sad],
  );
  if (answer.signatures.length !== input.hashes.length)
    throw new QesError(
      "invalid_response",
      `The provider returned ${answer.signatures.length} signatures for ${input.hashes.length} hashes.`,
    );
  return answer.signatures.map(fromBase64);
}
