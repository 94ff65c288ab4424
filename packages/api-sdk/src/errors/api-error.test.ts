import { TunnelError } from "@paraphe/tunnel-client";
import { describe, expect, it } from "vitest";
import {
  ApiError,
  isApiError,
  isAuthenticationError,
  isRetryableTunnelMessage,
  isTunnelSessionLost,
  RETRYABLE_TUNNEL_MESSAGES,
} from "./api-error";
import { networkError } from "./network-error";
import { readApiError, toApiError } from "./read-api-error";

const structured = {
  statusCode: 400,
  error: {
    code: "VALIDATION_ERROR",
    message: "Some fields are not valid.",
    suggestion: "Correct the fields listed in the error and send the request again.",
    documentationUrl: "http://localhost:3000/docs/errors#VALIDATION_ERROR",
    fields: [
      { path: "recipients.0.email", code: "invalid_format", message: "Invalid email address" },
    ],
  },
  requestId: "9b1c8f3e-2f0a-4d7e-9a51-0c1f2e3d4b5a",
  timestamp: "2026-11-22T09:00:00.000Z",
  path: "/envelope/create",
};

function structuredError(statusCode: number, code: string) {
  return { ...structured, statusCode, error: { ...structured.error, code, fields: undefined } };
}

describe("toApiError", () => {
  it("keeps every part of the api's structured error", () => {
    const error = toApiError(400, structured);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: "ApiError",
      statusCode: 400,
      code: "VALIDATION_ERROR",
      message: "Some fields are not valid.",
      suggestion: "Correct the fields listed in the error and send the request again.",
      documentationUrl: "http://localhost:3000/docs/errors#VALIDATION_ERROR",
      requestId: "9b1c8f3e-2f0a-4d7e-9a51-0c1f2e3d4b5a",
      timestamp: "2026-11-22T09:00:00.000Z",
      path: "/envelope/create",
      details: structured.error.fields,
    });
  });

  it("gives GENERIC_ERROR 'An error occurred' with the status for a body without the error shape", () => {
    for (const body of [
      undefined,
      null,
      "Bad Gateway",
      { message: "nope" },
      { ...structured, requestId: 7 },
    ]) {
      const error = toApiError(502, body, { requestId: "req-1", path: "/user/profile" });
      expect(error).toMatchObject({
        statusCode: 502,
        code: "GENERIC_ERROR",
        message: "An error occurred.",
        requestId: "req-1",
        path: "/user/profile",
      });
      expect(error.details).toBeUndefined();
    }
  });

  it("treats an unknown error code as an answer without the error shape", () => {
    expect(toApiError(418, structuredError(418, "TEAPOT")).code).toBe("GENERIC_ERROR");
  });

  it("reports the status that travelled when the body claims another", () => {
    expect(toApiError(503, structuredError(401, "TUNNEL_ERROR"))).toMatchObject({
      statusCode: 503,
      code: "TUNNEL_ERROR",
    });
  });

  it("refuses a successful status or something that is not a status", () => {
    expect(() => toApiError(200, structured)).toThrow(RangeError);
    expect(() => toApiError(204, undefined)).toThrow(RangeError);
    expect(() => toApiError(0, undefined)).toThrow(RangeError);
  });
});

describe("readApiError", () => {
  it("reads a JSON error body and the request id header", async () => {
    const response = new Response(JSON.stringify(structured), { status: 400 });
    expect(await readApiError(response)).toMatchObject({
      code: "VALIDATION_ERROR",
      statusCode: 400,
    });
  });

  it("gives GENERIC_ERROR for a body that is not JSON, keeping X-Request-Id and the path", async () => {
    const response = new Response("<html>Bad Gateway</html>", {
      status: 502,
      headers: { "X-Request-Id": "req-9" },
    });
    expect(await readApiError(response, "/team/members")).toMatchObject({
      statusCode: 502,
      code: "GENERIC_ERROR",
      requestId: "req-9",
      path: "/team/members",
    });
    expect(await readApiError(new Response(null, { status: 500 }))).toMatchObject({
      code: "GENERIC_ERROR",
    });
  });

  it("gives GENERIC_ERROR when the body cannot be read", async () => {
    const response = {
      status: 500,
      text: async () => {
        throw new TypeError("network lost");
      },
    };
    expect(await readApiError(response)).toMatchObject({ code: "GENERIC_ERROR", statusCode: 500 });
  });
});

describe("networkError", () => {
  it("is INTERNAL_SERVER_ERROR with status 500 and keeps its cause", () => {
    const cause = new TypeError("Failed to fetch");
    const error = networkError(cause);
    expect(error).toMatchObject({ statusCode: 500, code: "INTERNAL_SERVER_ERROR" });
    expect(error.cause).toBe(cause);
  });

  it("is marked unanswered, unlike an INTERNAL_SERVER_ERROR the api sent", () => {
    expect(networkError(new TypeError("Failed to fetch")).unanswered).toBe(true);
    const answered = toApiError(500, structuredError(500, "INTERNAL_SERVER_ERROR"));
    expect(answered).toMatchObject({ code: "INTERNAL_SERVER_ERROR", unanswered: false });
  });
});

describe("isApiError", () => {
  it("recognises an ApiError from another copy of the package by its shape", () => {
    const foreign = Object.assign(new Error("x"), {
      name: "ApiError",
      code: "NOT_FOUND",
      statusCode: 404,
    });
    expect(isApiError(foreign)).toBe(true);
    expect(isApiError(Object.assign(new Error("x"), { code: "NOT_FOUND", statusCode: 404 }))).toBe(
      false,
    );
    expect(isApiError({ name: "ApiError", code: "NOT_FOUND", statusCode: 404 })).toBe(false);
    expect(isApiError(undefined)).toBe(false);
  });
});

describe("isAuthenticationError", () => {
  it("is true for 401 AUTHENTICATION_ERROR only", () => {
    expect(
      isAuthenticationError(toApiError(401, structuredError(401, "AUTHENTICATION_ERROR"))),
    ).toBe(true);
    expect(
      isAuthenticationError(toApiError(403, structuredError(403, "AUTHENTICATION_ERROR"))),
    ).toBe(false);
    expect(isAuthenticationError(toApiError(401, structuredError(401, "TUNNEL_ERROR")))).toBe(
      false,
    );
    expect(isAuthenticationError(toApiError(401, undefined))).toBe(false);
    expect(isAuthenticationError(new Error("AUTHENTICATION_ERROR"))).toBe(false);
  });
});

describe("isTunnelSessionLost", () => {
  it("is true for TUNNEL_ERROR with 401 only", () => {
    expect(isTunnelSessionLost(toApiError(401, structuredError(401, "TUNNEL_ERROR")))).toBe(true);
    expect(isTunnelSessionLost(toApiError(500, structuredError(500, "TUNNEL_ERROR")))).toBe(false);
    expect(isTunnelSessionLost(toApiError(401, structuredError(401, "AUTHENTICATION_ERROR")))).toBe(
      false,
    );
    expect(isTunnelSessionLost(new TunnelError("SESSION_NOT_OPEN", "session not open"))).toBe(
      false,
    );
  });
});

describe("isRetryableTunnelMessage", () => {
  it("is true for the tunnel client's errors of the four retryable codes", () => {
    for (const code of RETRYABLE_TUNNEL_MESSAGES) {
      expect(isRetryableTunnelMessage(new TunnelError(code, "some English sentence"))).toBe(true);
    }
  });

  it("is true for an error whose message is one of the four names", () => {
    for (const message of RETRYABLE_TUNNEL_MESSAGES) {
      expect(isRetryableTunnelMessage(new Error(message))).toBe(true);
    }
  });

  it("is false for other tunnel errors, api errors and near misses", () => {
    expect(isRetryableTunnelMessage(new TunnelError("DECRYPT_FAILED", "EMPTY_RESPONSE"))).toBe(
      false,
    );
    expect(isRetryableTunnelMessage(new TunnelError("EMPTY_RESPONSE", "empty response"))).toBe(
      false,
    );
    expect(isRetryableTunnelMessage(new Error("empty_request_body"))).toBe(false);
    expect(isRetryableTunnelMessage(new Error("EMPTY_REQUEST_BODY: details"))).toBe(false);
    expect(isRetryableTunnelMessage(networkError(new Error("EMPTY_RESPONSE_DATA")))).toBe(false);
    expect(isRetryableTunnelMessage("EMPTY_REQUEST_BODY")).toBe(false);
    expect(isRetryableTunnelMessage(null)).toBe(false);
  });
});
