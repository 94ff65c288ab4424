import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { endpoints, errorCatalogue, type Endpoint } from "../contract";
import { DEFAULT_MAX_SKEW_SECONDS, SIGNED_COMPONENTS } from "../signing/constants";
import type { JsonSchema } from "./component-schemas";
import { requestExamples } from "./examples";
import { generateOpenApiDocument, type OpenApiDocument } from "./generate-openapi";

const document = generateOpenApiDocument({ version: "0.1.0", serverUrl: "https://api.example" });

const contractEndpoints: Endpoint[] = Object.values(endpoints).flatMap((group) =>
  Object.values(group),
);

function operation(doc: OpenApiDocument, path: string) {
  const post = doc.paths[path]?.post;
  if (post === undefined) throw new Error(`no POST ${path}`);
  return post;
}

/** The component a `{ $ref }` names. */
function resolve(doc: OpenApiDocument, ref: unknown): JsonSchema {
  const target = (ref as { $ref?: string }).$ref ?? "";
  const name = target.replace("#/components/schemas/", "");
  const schema = doc.components.schemas[name];
  if (schema === undefined) throw new Error(`${target} does not resolve`);
  return schema;
}

function bodySchema(part: unknown): unknown {
  return (part as { content: { "application/json": { schema: unknown } } }).content[
    "application/json"
  ].schema;
}

function allRefs(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) allRefs(item, into);
  else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === "$ref" && typeof item === "string") into.push(item);
      else allRefs(item, into);
    }
  }
  return into;
}

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\.1\./);
  });

  it("has every endpoint of the contract as a POST operation of its path", () => {
    for (const endpoint of contractEndpoints) {
      expect(document.paths[endpoint.path], endpoint.path).toEqual({
        post: expect.objectContaining({ "x-paraphe-sealed": true }),
      });
    }
    const operationIds = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(new Set(operationIds).size).toBe(operationIds.length);
  });

  it("describes the plaintext routes: the tunnel handshake, readiness and itself", () => {
    const handshake = operation(document, "/tunnel/session");
    expect(handshake["x-paraphe-sealed"]).toBe(false);
    expect(Object.keys(handshake.requestBody?.content as object)).toEqual([
      "application/octet-stream",
    ]);
    expect(handshake.parameters?.[0]).toMatchObject({ name: "X-Session-Id", in: "header" });
    expect(document.paths["/health"]?.get).toBeDefined();
    expect(document.paths["/ready"]?.get?.responses).toHaveProperty("503");
    expect(document.paths["/openapi.json"]?.get).toBeDefined();
  });

  it("resolves every reference", () => {
    for (const ref of allRefs(document)) {
      const [, section, name] = /^#\/components\/(schemas|responses)\/(.+)$/.exec(ref) ?? [];
      expect(section, ref).toBeDefined();
      const components = document.components[section as "schemas" | "responses"];
      expect(components[name as string], ref).toBeDefined();
    }
  });

  it("writes a schema shared by several calls once and references it", () => {
    const detail = { $ref: "#/components/schemas/EnvelopeDetail" };
    expect(bodySchema(operation(document, "/envelope/get").responses["200"])).toEqual(detail);
    expect(bodySchema(operation(document, "/envelope/send").responses["200"])).toEqual(detail);
    expect(bodySchema(operation(document, "/template/create-envelope").responses["200"])).toEqual(
      detail,
    );
    // Nested too: the recipients of an envelope are one component.
    expect(JSON.stringify(document.components.schemas.EnvelopeDetail)).toContain(
      '"$ref":"#/components/schemas/Recipient"',
    );
  });

  it("reads requests as what a client sends and responses as what the api answers", () => {
    const listRequest = resolve(
      document,
      bodySchema(operation(document, "/envelope/list").requestBody),
    );
    // `filter` and `limit` have defaults: a client may leave them out.
    expect(listRequest.required ?? []).not.toContain("filter");
    const login = resolve(
      document,
      bodySchema(operation(document, "/authentication/request-code").responses["200"]),
    );
    expect(login.required).toEqual(expect.arrayContaining(["sent", "expiresInSeconds"]));
  });

  it("says which credential each call needs", () => {
    const credentials = Object.fromEntries(
      contractEndpoints.map((endpoint) => [
        endpoint.path,
        operation(document, endpoint.path)["x-paraphe-credential"],
      ]),
    );
    expect(credentials["/envelope/list"]).toBe("session");
    expect(credentials["/user/profile"]).toBe("session");
    expect(credentials["/authentication/request-code"]).toBe("app");
    expect(credentials["/team/accept-invite"]).toBe("app");
    expect(credentials["/envelope/sign"]).toBe("access-link");
    expect(credentials["/envelope/download-signer-document"]).toBe("access-link");
    expect(credentials["/envelope/mark-page-read"]).toBe("access-link");
    expect(operation(document, "/envelope/list").security).toEqual([
      { tunnelSession: [], sessionCredential: [] },
    ]);
    expect(operation(document, "/envelope/sign").security).toEqual([
      { tunnelSession: [], appCredential: [] },
    ]);
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual([
      "appCredential",
      "sessionCredential",
      "tunnelSession",
    ]);
  });

  it("answers errors in the contract's shape, every code under its HTTP status", () => {
    for (const [code, definition] of Object.entries(errorCatalogue)) {
      if (code === "GENERIC_ERROR") continue;
      const response = document.components.responses[`Error${definition.status}`];
      expect(JSON.stringify(response), code).toContain(`"${code}"`);
    }
    const errors = operation(document, "/envelope/get").responses;
    expect(errors["404"]).toEqual({ $ref: "#/components/responses/Error404" });
    expect(errors["401"]).toEqual({ $ref: "#/components/responses/Error401" });
    expect(document.components.schemas.ErrorResponse).toBeDefined();
  });

  it("describes files as base64 inside the JSON", () => {
    expect(bodySchema(operation(document, "/envelope/download").responses["200"])).toEqual({
      $ref: "#/components/schemas/BinaryFile",
    });
    const file = document.components.schemas.BinaryFile as {
      properties: { data: JsonSchema };
    };
    expect(file.properties.data.contentEncoding).toBe("base64");
  });

  it("describes the tunnel and the request signature", () => {
    const text = document.info.description;
    for (const component of SIGNED_COMPONENTS) expect(text).toContain(`\`${component}\``);
    expect(text).toContain("hmac-sha256");
    expect(text).toContain(`within ${DEFAULT_MAX_SKEW_SECONDS} seconds`);
    expect(text).toContain("nonce");
    expect(text).toContain("X-Session-Id");
    expect(text).toContain("X-Encrypted-Response");
    expect(text).toContain("POST /tunnel/session");
    expect(text).toContain("createApiClient");
  });

  it("is the same document every time", () => {
    const again = generateOpenApiDocument({ version: "0.1.0", serverUrl: "https://api.example" });
    expect(JSON.stringify(again)).toBe(JSON.stringify(document));
  });
});

describe("the request examples", () => {
  it.each(Object.entries(requestExamples))(
    "%s: accepted by its request schema",
    (path, example) => {
      const endpoint = contractEndpoints.find((candidate) => candidate.path === path);
      expect(endpoint, path).toBeDefined();
      expect(endpoint?.request.safeParse(example).error).toBeUndefined();
    },
  );

  it("are in the document beside their call's body", () => {
    const content = operation(document, "/tag/create").requestBody?.content as {
      "application/json": { examples: { example: { value: unknown } } };
    };
    expect(content["application/json"].examples.example.value).toEqual(
      requestExamples["/tag/create"],
    );
  });
});

describe("a call added to the contract", () => {
  const arrived = {
    ...endpoints,
    widget: {
      create: {
        path: "/widget/create",
        request: z.object({
          description: z
            .string()
            .max(128)
            .transform((value) => value.trim()),
          expiresAt: z.date().optional(),
        }),
        response: z.object({
          accessKey: z.string(),
          createdAt: z.date().transform((value) => value.toISOString()),
          checked: z.string().refine((value) => value.length > 0),
        }),
      },
    },
  };

  it("appears without an edit to the generator, even with transforms and refinements zod cannot express", async () => {
    const doc = generateOpenApiDocument({ version: "0.1.0", endpoints: arrived });
    const created = operation(doc, "/widget/create");
    expect(created.operationId).toBe("widgetCreate");
    expect(created.tags).toEqual(["widget"]);
    expect(created["x-paraphe-credential"]).toBe("app");
    const request = resolve(doc, bodySchema(created.requestBody));
    expect(request.properties).toMatchObject({ description: { type: "string", maxLength: 128 } });
    const response = resolve(doc, bodySchema(created.responses["200"]));
    expect(response.properties).toMatchObject({ createdAt: {}, checked: { type: "string" } });
    expect((await new Validator().validate(structuredClone(doc))).valid).toBe(true);
  });
});

describe("the validator the document is checked with", () => {
  it("refuses a document that breaks OpenAPI 3.1", async () => {
    const broken = structuredClone(document) as Record<string, unknown>;
    delete (broken.info as Record<string, unknown>).title;
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });
});
