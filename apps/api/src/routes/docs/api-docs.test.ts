import { endpoints, type Endpoint } from "@paraphe/api-sdk/contract";
import { generateOpenApiDocument } from "@paraphe/api-sdk/openapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import apiPackage from "../../../package.json" with { type: "json" };
import type { TestApp } from "../../test/app";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../../test/identity";
import { API_DOCS_CSP, renderApiDocs } from "./api";

const contractEndpoints: Endpoint[] = Object.values(endpoints).flatMap((group) =>
  Object.values(group),
);

describe("the API documentation", () => {
  let h: IdentityHarness;
  let t: TestApp;

  beforeAll(async () => {
    h = await createIdentityHarness("pglite");
    t = h.t;
  });

  afterAll(async () => {
    await h.destroy();
  });

  describe("GET /openapi.json", () => {
    it("serves the document generated from the contract, in plaintext", async () => {
      const response = await t.app.request("/openapi.json");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(response.headers.get("x-encrypted-response")).toBeNull();
      expect(await response.json()).toEqual(
        generateOpenApiDocument({ version: apiPackage.version, serverUrl: t.config.publicApiUrl }),
      );
    });

    it("answers the same bytes every time, with cache headers and an ETag that revalidates", async () => {
      const first = await t.app.request("/openapi.json");
      const second = await t.app.request("/openapi.json");
      expect(await second.text()).toBe(await first.text());
      expect(first.headers.get("cache-control")).toBe("public, max-age=3600, must-revalidate");
      const etag = first.headers.get("etag");
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
      expect(second.headers.get("etag")).toBe(etag);

      const revalidated = await t.app.request("/openapi.json", {
        headers: { "If-None-Match": etag ?? "" },
      });
      expect(revalidated.status).toBe(304);
      expect(await revalidated.text()).toBe("");
      const stale = await t.app.request("/openapi.json", {
        headers: { "If-None-Match": '"another-version"' },
      });
      expect(stale.status).toBe(200);
    });

    it("lists every endpoint of the contract with its method and path", async () => {
      const served = (await (await t.app.request("/openapi.json")).json()) as {
        paths: Record<string, Record<string, unknown>>;
        servers: { url: string }[];
      };
      for (const endpoint of contractEndpoints) {
        expect(Object.keys(served.paths[endpoint.path] ?? {}), endpoint.path).toEqual(["post"]);
      }
      expect(served.servers).toEqual([{ url: t.config.publicApiUrl }]);
    });

    it("gives request examples that the api accepts", async () => {
      const served = (await (await t.app.request("/openapi.json")).json()) as {
        paths: Record<string, { post?: { requestBody: { content: Record<string, unknown> } } }>;
      };
      const exampleOf = (path: string): unknown =>
        (
          served.paths[path]?.post?.requestBody.content["application/json"] as {
            examples: { example: { value: unknown } };
          }
        ).examples.example.value;

      // A public call, with the app-level credential; the example's email is made unique.
      const requestCode = exampleOf("/authentication/request-code") as { email: string };
      const sent = await h
        .client()
        .authentication.requestCode({ ...requestCode, email: uniqueEmail("example") });
      expect(sent.sent).toBe(true);

      // A member call, with a session credential.
      const person = await h.login(uniqueEmail("reader"));
      const profile = await person.api.call(
        endpoints.user.profile,
        exampleOf("/user/profile") as Record<string, never>,
      );
      expect(profile.email).toBe(person.email);
    });

    it("refuses other methods", async () => {
      const response = await t.app.request("/openapi.json", { method: "POST" });
      expect(response.status).toBe(405);
    });
  });

  describe("GET /docs/api", () => {
    it("answers a page with a strict policy: no script, nothing from elsewhere", async () => {
      const response = await t.app.request("/docs/api");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(response.headers.get("content-security-policy")).toBe(API_DOCS_CSP);
      expect(API_DOCS_CSP).toContain("default-src 'none'");
      expect(API_DOCS_CSP).not.toMatch(/script-src|https?:/);
      const page = await response.text();
      expect(page).not.toMatch(/<script|<link|<img|<iframe|\bsrc=/i);
      expect(page).not.toMatch(/href="https?:/);
    });

    it("lists every operation, grouped by resource, with its credential, schemas and errors", async () => {
      const page = await (await t.app.request("/docs/api")).text();
      for (const endpoint of contractEndpoints) {
        expect(page, endpoint.path).toContain(`<code>POST ${endpoint.path}</code>`);
      }
      for (const group of Object.keys(endpoints)) expect(page).toContain(`id="tag-${group}"`);
      expect(page).toContain("<code>POST /tunnel/session</code>");
      expect(page).toContain("<code>GET /health</code>");

      const sign = sectionOf(page, "op-envelopeSign");
      expect(sign).toContain("authorised by the access link in the body");
      expect(sign).toContain('<a href="#schema-SignEnvelopeRequest">SignEnvelopeRequest</a>');
      expect(sign).toContain("<code>secretKey</code>");
      expect(sign).toContain('<a href="#error-403">403</a>');
      const errors = sectionOf(page, "errors");
      expect(errors).toContain('id="error-403"');
      expect(errors).toContain('<a href="/docs/errors#ACCESS_LINK_INVALID"');
      const list = sectionOf(page, "op-envelopeList");
      expect(list).toContain("session credential (a signed-in member)");
      expect(list).toContain("<code>filter</code>");
      // A schema several calls share is written once, under Schemas.
      expect(sectionOf(page, "op-envelopeGet")).toContain(
        "EnvelopeDetail</a>, shared with other calls",
      );
      expect(page).toContain('id="schema-EnvelopeDetail"');
    });

    it("explains the tunnel and the request signature before the operations", async () => {
      const page = await (await t.app.request("/docs/api")).text();
      const overview = sectionOf(page, "overview");
      for (const text of [
        "<code>X-Session-Id</code>",
        "<code>X-Encrypted-Response: 1</code>",
        "<code>hmac-sha256</code>",
        "<code>Content-Digest</code>",
        "<code>X-Timestamp</code>",
        "nonce",
        "<code>createApiClient</code>",
      ]) {
        expect(overview, text).toContain(text);
      }
    });

    it("escapes what it renders", async () => {
      const document = generateOpenApiDocument({ version: "<b>1</b>" });
      const page = String(await renderApiDocs(document));
      expect(page).toContain("Version &lt;b&gt;1&lt;/b&gt;");
    });
  });
});

/** The HTML of the element with this id, up to the next section of the same kind. */
function sectionOf(page: string, id: string): string {
  const start = page.indexOf(`id="${id}"`);
  expect(start, id).toBeGreaterThan(-1);
  const end = page.indexOf("<section", start + 1);
  return page.slice(start, end === -1 ? undefined : end);
}
