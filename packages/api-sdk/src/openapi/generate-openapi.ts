import {
  ENCRYPTED_RESPONSE_HEADER,
  HANDSHAKE_PATH,
  SESSION_ID_HEADER,
  TUNNEL_CONTENT_TYPE,
} from "@paraphe/tunnel-client/protocol";
import type { z } from "zod";
import * as contract from "../contract";
import type { Endpoint } from "../contract";
import { credentialKindForPath, type CredentialKind } from "../signing/credential-kind";
import { buildComponentSchemas, type JsonSchema } from "./component-schemas";
import { API_DESCRIPTION, SIGNATURE_DESCRIPTION, TUNNEL_DESCRIPTION } from "./descriptions";
import { requestExamples } from "./examples";

/** An OpenAPI 3.1 document, as JSON. */
export type OpenApiDocument = {
  openapi: "3.1.1";
  info: {
    title: string;
    version: string;
    description: string;
    license: { name: string; identifier: string };
  };
  servers?: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
} & Record<string, unknown>;

/** One operation of the document, with Paraphe's extensions. */
export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security?: Record<string, string[]>[];
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
  /** How the caller is authorised: "session", "app" or "access-link" (see the security schemes). */
  "x-paraphe-credential"?: OpenApiCredential;
  /** True for calls sealed in the tunnel (their bodies travel as sealed octet streams). */
  "x-paraphe-sealed": boolean;
  [extension: `x-${string}`]: unknown;
}

/** Who may make a call, as the document tells it. */
export type OpenApiCredential = "session" | "app" | "access-link";

export interface GenerateOpenApiOptions {
  /** The api's public address (`servers[0].url`); omitted when not given. */
  serverUrl?: string;
  /** `info.version`: the version of the api that serves the document. */
  version: string;
  /** The endpoint table; the contract's `endpoints` by default (tests pass their own). */
  endpoints?: Readonly<Record<string, Readonly<Record<string, Endpoint>>>>;
}

/** Names of the security schemes. */
const SCHEME = {
  tunnel: "tunnelSession",
  session: "sessionCredential",
  app: "appCredential",
} as const;

const SECURITY_SCHEMES: Record<string, JsonSchema> = {
  [SCHEME.tunnel]: {
    type: "apiKey",
    in: "header",
    name: SESSION_ID_HEADER,
    description: `The secure-tunnel session opened at \`POST ${HANDSHAKE_PATH}\`. The body is sealed for that session (\`${TUNNEL_CONTENT_TYPE}\`) and the answer comes back sealed, flagged \`${ENCRYPTED_RESPONSE_HEADER}\`.\n\n${TUNNEL_DESCRIPTION}`,
  },
  [SCHEME.session]: {
    type: "apiKey",
    in: "header",
    name: "Signature",
    description: `An RFC 9421 signature with the signed-in member's session credential (its access key as \`keyid\`, its secret key as the HMAC key), or with a team API key in the same way (its \`pak_\` access key as \`keyid\`, its secret key as the HMAC key: \`createApiClient({ apiKey })\`). A key may call only the \`/template/*\` calls its permissions allow and \`/template/envelope-status\`; any other call answers AUTHENTICATION_ERROR.\n\n${SIGNATURE_DESCRIPTION}`,
  },
  [SCHEME.app]: {
    type: "apiKey",
    in: "header",
    name: "Signature",
    description:
      "An RFC 9421 signature with an app-level credential (configured on the api with `APP_CREDENTIALS`; the SDK's `DEFAULT_APP_CREDENTIALS` for the built-in apps). It names the calling app; a public call is authorised by what its body carries. Same scheme as the session credential's.",
  },
};

/**
 * Public calls authorised by an access link's token and secret key (the signing link's calls) or by
 * an invitation token, rather than by a signed-in member: the app-level credential signs them.
 */
function credentialOf(path: string, request: z.ZodType): OpenApiCredential {
  const kind: CredentialKind = credentialKindForPath(path);
  switch (kind) {
    case "session":
      return "session";
    case "app":
      return isAccessLinkRequest(request) ? "access-link" : "app";
  }
}

/** Whether a request carries the signing link's token and secret key. */
function isAccessLinkRequest(request: z.ZodType): boolean {
  const shape = (request as { shape?: Record<string, unknown> }).shape;
  return shape !== undefined && "token" in shape && "secretKey" in shape && "envelopeUuid" in shape;
}

const CREDENTIAL_TEXT: Record<OpenApiCredential, string> = {
  session:
    "Signed with the signed-in member's session credential; the member's role and workspaces decide what it may do (records outside them answer NOT_FOUND).",
  app: "Public call, signed with an app-level credential.",
  "access-link":
    "Public call of a recipient, signed with an app-level credential and authorised by the access link's `token` and `secretKey` in the body (ACCESS_LINK_INVALID otherwise).",
};

function securityOf(credential: OpenApiCredential): Record<string, string[]>[] {
  return [{ [SCHEME.tunnel]: [], [credential === "session" ? SCHEME.session : SCHEME.app]: [] }];
}

/** `list-requests` → `List requests`. */
function summaryOf(path: string): string {
  const verb = path.slice(path.lastIndexOf("/") + 1).replace(/-/g, " ");
  return verb.charAt(0).toUpperCase() + verb.slice(1);
}

function pascal(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Every zod schema the contract exports, named after its export (`envelopeDetailSchema` →
 * `EnvelopeDetail`). A schema exported under several names (`getEnvelopeRequestSchema` is
 * `envelopeRefSchema`) takes the shortest, then the first in alphabetical order.
 */
function contractSchemaNames(): Map<z.ZodType, string> {
  const named = new Map<z.ZodType, string>();
  for (const key of Object.keys(contract)) {
    const value = (contract as Record<string, unknown>)[key];
    if (!key.endsWith("Schema") || !isZodSchema(value)) continue;
    const name = pascal(key.slice(0, -"Schema".length));
    const known = named.get(value);
    if (
      known === undefined ||
      name.length < known.length ||
      (name.length === known.length && name < known)
    ) {
      named.set(value, name);
    }
  }
  return named;
}

function isZodSchema(value: unknown): value is z.ZodType {
  return typeof value === "object" && value !== null && "_zod" in value;
}

/** HTTP statuses of the error codes the api answers with (GENERIC_ERROR is the client's own). */
function serverErrorStatuses(): Map<number, contract.ErrorCode[]> {
  const byStatus = new Map<number, contract.ErrorCode[]>();
  for (const [code, definition] of Object.entries(contract.errorCatalogue)) {
    if (code === contract.ErrorCode.GENERIC_ERROR) continue;
    const codes = byStatus.get(definition.status) ?? [];
    codes.push(code as contract.ErrorCode);
    byStatus.set(definition.status, codes);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

function errorResponse(status: number, codes: readonly contract.ErrorCode[]): JsonSchema {
  const lines = codes.map(
    (code) =>
      `- \`${code}\`: ${contract.errorCatalogue[code].message} ${contract.errorCatalogue[code].suggestion}`,
  );
  return {
    description: `HTTP ${status}, with one of these codes:\n\n${lines.join("\n")}`,
    content: {
      "application/json": {
        schema: {
          allOf: [
            { $ref: "#/components/schemas/ErrorResponse" },
            {
              type: "object",
              properties: {
                statusCode: { const: status },
                error: { type: "object", properties: { code: { enum: [...codes] } } },
              },
            },
          ],
        },
      },
    },
  };
}

const errorRef = (status: number) => ({ $ref: `#/components/responses/Error${status}` });

/**
 * Builds the OpenAPI 3.1 document of the api from the contract: one `POST` operation per entry of
 * `endpoints` (taken as it is, so a call added to the contract appears without an edit here),
 * its request and response bodies from the entry's zod schemas (`z.toJSONSchema`), the credential
 * its path needs (spec §6), the error answers of the catalogue, and the plaintext routes of the
 * tunnel handshake and readiness. The same input gives the same document, key for key.
 */
export function generateOpenApiDocument(options: GenerateOpenApiOptions): OpenApiDocument {
  const table = options.endpoints ?? contract.endpoints;
  const named = contractSchemaNames();
  const entries = Object.entries(table).flatMap(([group, members]) =>
    Object.entries(members).map(([name, endpoint]) => ({ group, name, endpoint })),
  );
  for (const { group, name, endpoint } of entries) {
    const base = `${pascal(group)}${pascal(name)}`;
    if (!named.has(endpoint.request)) named.set(endpoint.request, `${base}Request`);
    if (!named.has(endpoint.response)) named.set(endpoint.response, `${base}Response`);
  }

  const components = buildComponentSchemas({
    named,
    roots: [
      ...entries.flatMap(({ endpoint }) => [
        { schema: endpoint.request, use: "request" as const },
        { schema: endpoint.response, use: "response" as const },
      ]),
      { schema: contract.errorResponseSchema, use: "response" },
      { schema: contract.healthResponseSchema, use: "response" },
      { schema: contract.readyResponseSchema, use: "response" },
    ],
    override: (zodSchema, jsonSchema) => {
      if (zodSchema === contract.binaryFileSchema.shape.data) {
        jsonSchema.contentEncoding = "base64";
        jsonSchema.description = "The file's bytes, base64 (its media type is `contentType`).";
      }
    },
  });

  const errorStatuses = serverErrorStatuses();
  const errorResponses: Record<string, JsonSchema> = {};
  for (const [status, codes] of errorStatuses) {
    errorResponses[`Error${status}`] = errorResponse(status, codes);
  }
  const sealedErrors: Record<string, JsonSchema> = {};
  for (const status of errorStatuses.keys()) sealedErrors[String(status)] = errorRef(status);

  const paths: OpenApiDocument["paths"] = {};
  for (const { group, name, endpoint } of entries) {
    const credential = credentialOf(endpoint.path, endpoint.request);
    const returnsFile = endpoint.response === contract.binaryFileSchema;
    const example = requestExamples[endpoint.path];
    paths[endpoint.path] = {
      post: {
        operationId: `${group}${pascal(name)}`,
        summary: summaryOf(endpoint.path),
        description: [
          CREDENTIAL_TEXT[credential],
          returnsFile
            ? "Answers a file: `filename`, `contentType` and the bytes in `data` (base64)."
            : undefined,
          "Sent sealed through the secure tunnel (see the introduction): the JSON below is the plaintext inside the seal.",
        ]
          .filter((line) => line !== undefined)
          .join("\n\n"),
        tags: [group],
        security: securityOf(credential),
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: components.ref(endpoint.request, "request"),
              ...(example === undefined ? {} : { examples: { example: { value: example } } }),
            },
          },
        },
        responses: {
          "200": {
            description: returnsFile ? "The file." : "Done.",
            headers: {
              [ENCRYPTED_RESPONSE_HEADER]: {
                description: "Set on every sealed answer.",
                schema: { type: "string", const: "1" },
              },
            },
            content: {
              "application/json": { schema: components.ref(endpoint.response, "response") },
            },
          },
          ...sealedErrors,
        },
        "x-paraphe-credential": credential,
        "x-paraphe-sealed": true,
      },
    };
  }

  paths[HANDSHAKE_PATH] = { post: handshakeOperation() };
  paths["/health"] = {
    get: {
      operationId: "health",
      summary: "Liveness",
      description: "Answers once the database is migrated and answers. Plaintext.",
      tags: ["public"],
      security: [],
      responses: {
        "200": {
          description: "Ready.",
          content: {
            "application/json": {
              schema: components.ref(contract.healthResponseSchema, "response"),
            },
          },
        },
        "503": errorRef(503),
      },
      "x-paraphe-sealed": false,
    },
  };
  paths["/ready"] = {
    get: {
      operationId: "ready",
      summary: "Readiness",
      description:
        "For a load balancer: 200 when the database and the file store answer and the job worker runs; 503 otherwise, the message naming what is not ready. Plaintext.",
      tags: ["public"],
      security: [],
      responses: {
        "200": {
          description: "Ready.",
          content: {
            "application/json": {
              schema: components.ref(contract.readyResponseSchema, "response"),
            },
          },
        },
        "503": errorRef(503),
      },
      "x-paraphe-sealed": false,
    },
  };
  paths["/openapi.json"] = {
    get: {
      operationId: "openApiDocument",
      summary: "This document",
      description: "The OpenAPI 3.1 document of the api. Plaintext; readable at `GET /docs/api`.",
      tags: ["public"],
      security: [],
      responses: {
        "200": {
          description: "The document.",
          content: { "application/json": { schema: { type: "object" } } },
        },
      },
      "x-paraphe-sealed": false,
    },
  };

  const tags = [...new Set(entries.map((entry) => entry.group)), "public"].map((tag) => ({
    name: tag,
  }));
  return {
    openapi: "3.1.1",
    info: {
      title: "Paraphe API",
      version: options.version,
      description: API_DESCRIPTION,
      license: { name: "MIT", identifier: "MIT" },
    },
    ...(options.serverUrl === undefined ? {} : { servers: [{ url: options.serverUrl }] }),
    tags,
    paths,
    components: {
      schemas: components.schemas,
      responses: errorResponses,
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

function handshakeOperation(): OpenApiOperation {
  const octets = {
    [TUNNEL_CONTENT_TYPE]: { schema: { type: "string", contentMediaType: TUNNEL_CONTENT_TYPE } },
  };
  return {
    operationId: "tunnelSession",
    summary: "Open a secure-tunnel session",
    description: `The two-step handshake of the secure tunnel, in plaintext.\n\n${TUNNEL_DESCRIPTION}`,
    tags: ["public"],
    security: [],
    parameters: [
      {
        name: SESSION_ID_HEADER,
        in: "header",
        required: false,
        description:
          "Absent in step 1 (client hello); the id step 1 answered, in step 2 (client finished).",
        schema: { type: "string", maxLength: 255 },
      },
    ],
    requestBody: {
      required: true,
      description:
        "A handshake frame: `u8 version || u8 type || u32 length || payload`, at most 1 KiB.",
      content: octets,
    },
    responses: {
      "200": {
        description:
          "Step 1: the server hello with the attestation evidence. Step 2: the server's key confirmation; the session is open.",
        headers: {
          [SESSION_ID_HEADER]: {
            description: "The session id: send it back in step 2 and with every sealed call.",
            required: true,
            schema: { type: "string" },
          },
        },
        content: octets,
      },
      "400": errorRef(400),
      "401": errorRef(401),
      "403": errorRef(403),
      "429": errorRef(429),
      "503": errorRef(503),
    },
    "x-paraphe-sealed": false,
  };
}
