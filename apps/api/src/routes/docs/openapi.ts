import type { AppRouter } from "../../http/context";
import type { ServedOpenApiDocument } from "./openapi-document";

/** Clients may keep the document an hour, then revalidate it with its ETag. */
export const OPENAPI_CACHE_CONTROL = "public, max-age=3600, must-revalidate";

/**
 * `GET /openapi.json`: the OpenAPI 3.1 document of the api, generated from the contract
 * (`@paraphe/api-sdk/openapi`). Plaintext, like the other documentation; the same document for
 * every request, with a strong ETag (`If-None-Match` answers 304).
 */
export function registerOpenApiDocument(app: AppRouter, source: () => ServedOpenApiDocument): void {
  app.get("/openapi.json", (c) => {
    const { json, etag } = source();
    c.header("Cache-Control", OPENAPI_CACHE_CONTROL);
    c.header("ETag", etag);
    const known = c.req.header("If-None-Match");
    if (known !== undefined && known.split(",").some((tag) => tag.trim() === etag)) {
      return c.body(null, 304);
    }
    return c.body(json, 200, { "Content-Type": "application/json; charset=utf-8" });
  });
}
