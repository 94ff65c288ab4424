import { createHash } from "node:crypto";
import { generateOpenApiDocument, type OpenApiDocument } from "@paraphe/api-sdk/openapi";
import apiPackage from "../../../package.json" with { type: "json" };

/** The api's OpenAPI document, its JSON text and the strong ETag of that text. */
export interface ServedOpenApiDocument {
  document: OpenApiDocument;
  json: string;
  etag: string;
}

/**
 * The OpenAPI document this api serves, generated from the contract on first use and kept: the
 * same bytes for every request of a process (`GET /openapi.json`, `GET /docs/api`).
 */
export function openApiDocumentSource(publicApiUrl: string): () => ServedOpenApiDocument {
  let served: ServedOpenApiDocument | undefined;
  return () => {
    if (served === undefined) {
      const document = generateOpenApiDocument({
        version: apiPackage.version,
        serverUrl: publicApiUrl,
      });
      const json = JSON.stringify(document);
      const etag = `"${createHash("sha256").update(json).digest("base64url")}"`;
      served = { document, json, etag };
    }
    return served;
  };
}
