import {
  createTestResponder,
  verifyTestEvidence,
  type Route,
  type RouteRequest,
  type RouteResponse,
} from "@paraphe/tunnel-client/testing";
import { type OpenedEnvelope, type SignApi } from "../lib/api";
import { createSignApi } from "../lib/sign-api";

/**
 * The api of the signing app's tests: a fetch stub routes the tunnel's traffic to an in-test
 * responder with real cryptography (`@paraphe/tunnel-client/testing`), which hands each opened call
 * to the handlers below, by path. (The same routing as the api-sdk's msw handlers, without msw,
 * which is not among this app's dependencies.)
 */
export const API_BASE = "http://api.test";

export const ENVELOPE_UUID = "3f0c9a52-1d7e-4b8e-9d55-0c1f6c2a9e11";
export const DOCUMENT_UUID = "6a1e2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b";
export const TOKEN = "tok_0123456789abcdef";
export const SECRET = "sec_0123456789abcdef";
export const TEXT_FIELD_UUID = "0b7c2d1e-2f3a-4b5c-8d6e-7f8091a2b3c4";
export const SIGNATURE_FIELD_UUID = "1c8d3e2f-3a4b-4c5d-9e7f-8091a2b3c4d5";

/** A one-pixel PNG, base64. */
export const PIXEL_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

/** The envelope as an approver opens it: being approved, no fields. */
export function openedForApprover(overrides: Partial<OpenedEnvelope> = {}): OpenedEnvelope {
  const base = openedEnvelope();
  return {
    ...base,
    envelope: { ...base.envelope, status: "approving" },
    recipient: { ...base.recipient, kind: "approver" },
    fields: [],
    ...overrides,
  };
}

export function openedEnvelope(overrides: Partial<OpenedEnvelope> = {}): OpenedEnvelope {
  return {
    envelope: {
      uuid: ENVELOPE_UUID,
      title: "Lease agreement",
      status: "signing",
      signatureLevel: "SES",
      message: null,
      sender: { name: "Grace Hopper", email: "grace@example.com" },
      expiresAt: null,
    },
    recipient: {
      uuid: "9d0e1f2a-3b4c-4d5e-8f60-718293a4b5c6",
      email: "ada@example.com",
      firstname: "Ada",
      lastname: "Lovelace",
      status: "pending",
      kind: "signer",
      isTurn: true,
    },
    documents: [
      {
        uuid: DOCUMENT_UUID,
        filename: "lease.pdf",
        pageCount: 2,
        pages: [
          { width: 595, height: 842 },
          { width: 595, height: 842 },
        ],
        sha256: "0".repeat(64),
      },
    ],
    fields: [
      {
        uuid: SIGNATURE_FIELD_UUID,
        documentUuid: DOCUMENT_UUID,
        page: 1,
        x: 0.1,
        y: 0.8,
        width: 0.3,
        height: 0.08,
        kind: "signature",
        recipientUuid: "9d0e1f2a-3b4c-4d5e-8f60-718293a4b5c6",
        required: true,
        label: null,
        settings: {},
      },
    ],
    completedFields: [],
    viewedPages: {},
    language: "en",
    firstPage: null,
    ...overrides,
  };
}

export const json = (status: number, value: unknown): RouteResponse => ({
  status,
  body: new TextEncoder().encode(JSON.stringify(value)),
});

/** An answer in the spec's error shape. */
export function apiError(status: number, code: string, path: string): RouteResponse {
  return json(status, {
    statusCode: status,
    error: { code, message: `${code} message`, suggestion: "", documentationUrl: "" },
    requestId: "req-1",
    timestamp: "2026-11-22T10:00:00.000Z",
    path,
  });
}

/** A refused field of a request (VALIDATION_ERROR `code_incorrect` on `code`, ...), in the spec's shape. */
export function fieldError(
  status: number,
  code: string,
  path: string,
  field: string,
  word: string,
) {
  return json(status, {
    statusCode: status,
    error: {
      code,
      message: `${code} message`,
      suggestion: "",
      documentationUrl: "",
      fields: [{ path: field, code: "custom", message: word }],
    },
    requestId: "req-1",
    timestamp: "2026-11-22T10:00:00.000Z",
    path,
  });
}

export type Handler = (body: Record<string, unknown>) => unknown;

export interface SigningHandlers {
  open?: Handler;
  page?: Handler;
  /** `/envelope/mark-page-read`; by default, the pages marked so far, as the server answers. */
  read?: Handler;
  sign?: Handler;
  decline?: Handler;
  approve?: Handler;
  reject?: Handler;
  /** `/envelope/verification/send` and `/envelope/verification/check`. */
  sendCode?: Handler;
  checkCode?: Handler;
  /** `/envelope/verification/passkey-options` and `/envelope/verification/passkey-check`. */
  passkeyOptions?: Handler;
  passkeyCheck?: Handler;
  /** `/envelope/qes/authorize` and `/envelope/qes/credentials` (a qualified signature). */
  qesAuthorize?: Handler;
  qesCredentials?: Handler;
  /** `/envelope/mark-read` (a viewer) and `/envelope/delegate` (a signer). */
  markRead?: Handler;
  delegate?: Handler;
  /** A template's direct link: `/direct-link/open`, `/direct-link/send-code`, `/direct-link/confirm`. */
  directOpen?: Handler;
  directSendCode?: Handler;
  directConfirm?: Handler;
}

/** The public calls of the access link, with a happy default for each. */
function route(handlers: SigningHandlers, calls: RouteRequestLog[]): Route {
  const read: Record<string, number[]> = {};
  const defaults: Required<SigningHandlers> = {
    open: () => openedEnvelope(),
    page: () => ({ filename: "page.png", contentType: "image/png", data: PIXEL_PNG }),
    read: (body) => {
      const pages = (read[String(body.documentUuid)] ??= []);
      if (!pages.includes(Number(body.page))) pages.push(Number(body.page));
      return { viewedPages: read };
    },
    sign: () => ({ recipientStatus: "signed", envelopeStatus: "signing" }),
    decline: () => ({ recipientStatus: "declined", envelopeStatus: "declined" }),
    approve: () => ({ recipientStatus: "approved", envelopeStatus: "signing" }),
    reject: () => ({ recipientStatus: "declined", envelopeStatus: "declined" }),
    sendCode: () => ({ sent: true, maskedEmail: "a•••@example.com", expiresInSeconds: 600 }),
    checkCode: () => ({ verified: true, verifiedAt: "2026-11-22T10:05:00.000Z" }),
    passkeyOptions: () => ({
      challengeId: "5b0e8f0e-4a4c-4d0e-9d5c-2f3c1b6a7e90",
      options: { challenge: "Y2hhbGxlbmdl", rpId: "localhost", userVerification: "required" },
    }),
    passkeyCheck: () => ({ verified: true, verifiedAt: "2026-11-22T10:05:00.000Z" }),
    qesAuthorize: () => ({
      authorizationUrl: "https://tsp.example/oauth2/authorize?state=state-0123456789abcdef",
      state: "state-0123456789abcdef",
    }),
    qesCredentials: () => ({
      credentials: [
        {
          id: "CR-ada",
          description: null,
          subject: "C=FR, CN=Ada Lovelace",
          issuer: "CN=Test qualified CA, C=FR",
          usable: true,
          pinLabel: "PIN",
        },
      ],
      session: "sealed:v1:opaque",
      expiresAt: "2026-11-22T10:35:00.000Z",
    }),
    markRead: () => ({ recipientStatus: "viewed", envelopeStatus: "signing" }),
    delegate: (body) => ({
      delegated: true,
      to: { firstname: body.firstname, lastname: body.lastname, email: body.email },
    }),
    directOpen: () => ({ templateTitle: "Membership form", teamName: "Acme" }),
    directSendCode: () => ({ sent: true, expiresInSeconds: 600 }),
    directConfirm: () => ({ envelopeUuid: ENVELOPE_UUID, token: TOKEN, secretKey: SECRET }),
  };
  const byPath: Record<string, keyof SigningHandlers> = {
    "/envelope/open": "open",
    "/envelope/download-signer-document": "page",
    "/envelope/mark-page-read": "read",
    "/envelope/sign": "sign",
    "/envelope/decline": "decline",
    "/envelope/approve": "approve",
    "/envelope/reject": "reject",
    "/envelope/verification/send": "sendCode",
    "/envelope/verification/check": "checkCode",
    "/envelope/verification/passkey-options": "passkeyOptions",
    "/envelope/verification/passkey-check": "passkeyCheck",
    "/envelope/qes/authorize": "qesAuthorize",
    "/envelope/qes/credentials": "qesCredentials",
    "/envelope/mark-read": "markRead",
    "/envelope/delegate": "delegate",
    "/direct-link/open": "directOpen",
    "/direct-link/send-code": "directSendCode",
    "/direct-link/confirm": "directConfirm",
  };
  return (request: RouteRequest) => {
    const body = JSON.parse(new TextDecoder().decode(request.body) || "{}") as Record<
      string,
      unknown
    >;
    calls.push({ path: request.path, body });
    const name = byPath[request.path];
    if (!name) return apiError(404, "NOT_FOUND", request.path);
    const answer = (handlers[name] ?? defaults[name])(body);
    if (answer && typeof answer === "object" && "status" in answer && "body" in answer) {
      return answer as RouteResponse;
    }
    return json(200, answer);
  };
}

export interface RouteRequestLog {
  path: string;
  body: Record<string, unknown>;
}

/** An api client wired to the handlers; `calls` records every opened call. */
export function createTestApi(handlers: SigningHandlers = {}): {
  api: SignApi;
  calls: RouteRequestLog[];
} {
  const calls: RouteRequestLog[] = [];
  const responder = createTestResponder({ route: route(handlers, calls) });
  const fetchStub: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const { pathname } = new URL(request.url);
    return pathname === "/tunnel/session"
      ? responder.handshake(request)
      : responder.handle(request);
  };
  const api = createSignApi({
    apiUrl: API_BASE,
    appCredential: { accessKey: "paraphe-sign", secretKey: "paraphe-sign-app-credential" },
    language: () => "en",
    fetch: fetchStub,
    verifyEvidence: verifyTestEvidence,
  });
  return { api, calls };
}
