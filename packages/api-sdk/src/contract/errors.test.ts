import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  ErrorCode,
  errorCatalogue,
  errorResponseSchema,
  fieldErrorsFromZod,
  isErrorCode,
} from "./errors";

describe("the error catalogue", () => {
  it("gives every code an error status, a message and a suggestion", () => {
    expect(Object.keys(errorCatalogue).sort()).toEqual(Object.values(ErrorCode).sort());
    for (const definition of Object.values(errorCatalogue)) {
      expect(definition.status).toBeGreaterThanOrEqual(400);
      expect(definition.status).toBeLessThan(600);
      expect(definition.message).toMatch(/\.$/);
      expect(definition.suggestion).toMatch(/\.$/);
    }
  });

  it("maps the codes the spec's clients react to onto the spec's statuses", () => {
    expect(errorCatalogue.AUTHENTICATION_ERROR.status).toBe(401);
    expect(errorCatalogue.TUNNEL_ERROR.status).toBe(401);
    expect(errorCatalogue.INTERNAL_SERVER_ERROR.status).toBe(500);
    expect(errorCatalogue.GENERIC_ERROR.message).toBe("An error occurred.");
    expect(errorCatalogue.OIDC_NOT_CONFIGURED.message).toBe(
      "Single sign-on is not configured. Please contact your administrator.",
    );
  });
});

describe("isErrorCode", () => {
  it("knows the catalogue's codes and nothing else", () => {
    expect(isErrorCode("TUNNEL_ERROR")).toBe(true);
    expect(isErrorCode("toString")).toBe(false);
    expect(isErrorCode("tunnel_error")).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });
});

describe("errorResponseSchema", () => {
  const answer = {
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

  it("accepts the spec's error shape, with or without field problems", () => {
    expect(errorResponseSchema.parse(answer)).toEqual(answer);
    const { fields: _fields, ...withoutFields } = answer.error;
    expect(errorResponseSchema.safeParse({ ...answer, error: withoutFields }).success).toBe(true);
  });

  it("rejects an answer missing a part of the shape or carrying an unknown code", () => {
    const { requestId: _requestId, ...withoutRequestId } = answer;
    expect(errorResponseSchema.safeParse(withoutRequestId).success).toBe(false);
    expect(
      errorResponseSchema.safeParse({ ...answer, error: { ...answer.error, code: "TEAPOT" } })
        .success,
    ).toBe(false);
    expect(errorResponseSchema.safeParse({ ...answer, statusCode: 200 }).success).toBe(false);
    expect(errorResponseSchema.safeParse({ ...answer, timestamp: "yesterday" }).success).toBe(
      false,
    );
  });
});

describe("fieldErrorsFromZod", () => {
  it("names the limit of a text, a list or a refinement that went over it", () => {
    const schema = z.object({
      title: z.string().max(5, { error: "too_long" }),
      rows: z.array(z.number()).max(2, { error: "too_many_rows" }),
      value: z.string().refine((text) => text.length <= 3, {
        error: "too_long",
        params: { limit: 3 },
      }),
      email: z.email({ error: "invalid_email" }),
    });
    const result = schema.safeParse({
      title: "Bonjour",
      rows: [1, 2, 3],
      value: "abcd",
      email: "bob@",
    });
    expect(result.success).toBe(false);
    expect(fieldErrorsFromZod(result.error!)).toEqual([
      { path: "title", code: "too_big", message: "too_long", params: { limit: 5 } },
      { path: "rows", code: "too_big", message: "too_many_rows", params: { limit: 2 } },
      { path: "value", code: "custom", message: "too_long", params: { limit: 3 } },
      { path: "email", code: "invalid_format", message: "invalid_email" },
    ]);
  });
});
