import type { OpenApiDocument, OpenApiOperation } from "@paraphe/api-sdk/openapi";
import { html } from "hono/html";
import type { AppRouter } from "../../http/context";
import type { ServedOpenApiDocument } from "./openapi-document";
import { type Html, prose } from "./markup";
import { bodySchema, isSchema, schemaAnchor, schemaTable } from "./schema-table";

/** The page's policy: no script at all, its own inline style only. */
export const API_DOCS_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'";

/**
 * `GET /docs/api`: the OpenAPI document rendered as a readable page, server-side and without
 * script: how a call travels (tunnel, request signature), then every operation grouped by
 * resource with its credential, request and answer schemas and errors, then the shared schemas.
 */
export function registerApiDocs(app: AppRouter, source: () => ServedOpenApiDocument): void {
  let page: string | undefined;
  app.get("/docs/api", async (c) => {
    page ??= String(await renderApiDocs(source().document));
    c.header("Content-Security-Policy", API_DOCS_CSP);
    c.header("Cache-Control", "public, max-age=3600");
    return c.html(page);
  });
}

// --- Operations ---------------------------------------------------------------------------------

const CREDENTIAL_LABEL: Record<string, string> = {
  session: "session credential (a signed-in member)",
  app: "app-level credential (public call)",
  "access-link": "app-level credential, authorised by the access link in the body",
};

/** The error codes of an error response of the document, read from its schema. */
function errorCodes(document: OpenApiDocument, response: unknown): string[] {
  const ref = isSchema(response) && typeof response.$ref === "string" ? response.$ref : "";
  const resolved = document.components.responses[ref.replace("#/components/responses/", "")];
  const text = JSON.stringify(resolved ?? {});
  const match = /"code":\{"enum":(\[[^\]]*\])/.exec(text);
  return match?.[1] === undefined ? [] : (JSON.parse(match[1]) as string[]);
}

interface Listed {
  method: string;
  path: string;
  operation: OpenApiOperation;
}

function operationSection(
  document: OpenApiDocument,
  { method, path, operation }: Listed,
  uses: ReadonlyMap<string, number>,
): Html {
  const request = bodySchema(document, operation.requestBody, `Request body of ${path}`, uses);
  const answer = bodySchema(document, operation.responses["200"], `Answer of ${path}`, uses);
  const requestContent = isSchema(operation.requestBody?.content)
    ? operation.requestBody.content
    : {};
  const jsonRequest = requestContent["application/json"];
  const example =
    isSchema(jsonRequest) &&
    isSchema(jsonRequest.examples) &&
    isSchema(jsonRequest.examples.example)
      ? jsonRequest.examples.example.value
      : undefined;
  const credential = operation["x-paraphe-credential"];
  const errorStatuses = Object.keys(operation.responses).filter((status) => status !== "200");
  return html`<section class="operation" id="op-${operation.operationId}">
    <h3><code>${method.toUpperCase()} ${path}</code> ${operation.summary}</h3>
    <p>
      ${
        operation["x-paraphe-sealed"]
          ? html`<strong>Credential:</strong> ${
                credential === undefined ? "none" : (CREDENTIAL_LABEL[credential] ?? credential)
              };
              sealed in the tunnel.`
          : html`<strong>Plaintext</strong>, no credential.`
      }
    </p>
    ${prose(operation.description ?? "", 3)}
    ${
      request === undefined
        ? Object.keys(requestContent).length > 0
          ? html`<h4>Request</h4>
              <p>Body: <code>${Object.keys(requestContent).join(", ")}</code>.</p>`
          : ""
        : html`<h4>Request</h4>
            ${request.html}`
    }
    ${
      example === undefined
        ? ""
        : html`<h4>Example request</h4>
            <pre><code>${JSON.stringify(example, null, 2)}</code></pre>`
    }
    ${
      answer === undefined
        ? ""
        : html`<h4>Answer (200)</h4>
            ${answer.html}`
    }
    ${
      errorStatuses.length === 0
        ? ""
        : html`<h4>Errors</h4>
            <p>
              In the error shape, with the codes of these HTTP statuses:
              ${errorStatuses.map(
                (status, index) =>
                  html`${index > 0 ? ", " : ""}<a href="#error-${status}">${status}</a>`,
              )}.
            </p>`
    }
  </section>`;
}

/** Renders the page of a document. */
export function renderApiDocs(document: OpenApiDocument): Html {
  const listed: Listed[] = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method, path, operation })),
  );
  const groups = document.tags.map((tag) => ({
    tag: tag.name,
    operations: listed.filter((entry) => entry.operation.tags.includes(tag.name)),
  }));
  const schemaNames = Object.keys(document.components.schemas);
  const uses = new Map<string, number>();
  for (const { operation } of listed) {
    for (const part of [operation.requestBody, operation.responses["200"]]) {
      const name = /"\$ref":"#\/components\/schemas\/([^"]+)"/.exec(
        JSON.stringify(part ?? {}),
      )?.[1];
      if (name !== undefined) uses.set(name, (uses.get(name) ?? 0) + 1);
    }
  }
  const errorResponses = Object.keys(document.components.responses).map((key) => ({
    status: key.replace(/^Error/, ""),
    codes: errorCodes(document, { $ref: `#/components/responses/${key}` }),
  }));
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${document.info.title} reference</title>
        <style>
          body {
            font-family: system-ui, sans-serif;
            margin: 0 auto;
            max-width: 64rem;
            padding: 1.5rem 1rem;
            color: #1f2330;
            line-height: 1.5;
          }
          code {
            font-size: 0.92em;
            overflow-wrap: anywhere;
          }
          pre {
            background: #f4f5f9;
            padding: 0.75rem;
            overflow-x: auto;
          }
          a {
            color: #1d4ed8;
          }
          a:focus-visible {
            outline: 3px solid #1d4ed8;
            outline-offset: 2px;
          }
          section.operation,
          section.schema {
            border-top: 1px solid #dde0ea;
            padding: 0.75rem 0;
          }
          section:target {
            background: #fff8db;
          }
          h3 {
            font-size: 1.05rem;
            margin: 0 0 0.35rem;
          }
          h4 {
            font-size: 0.95rem;
            margin: 0.75rem 0 0.25rem;
          }
          .table {
            overflow-x: auto;
          }
          table {
            border-collapse: collapse;
            width: 100%;
            font-size: 0.9rem;
          }
          caption {
            text-align: left;
            font-size: 0.85rem;
            color: #4b5165;
          }
          th,
          td {
            border: 1px solid #dde0ea;
            padding: 0.3rem 0.45rem;
            text-align: left;
            vertical-align: top;
          }
          th[scope="row"] {
            font-weight: normal;
          }
          th[scope="row"] code {
            overflow-wrap: break-word;
          }
          .presence {
            display: block;
            font-size: 0.8rem;
            color: #4b5165;
          }
          li:target {
            background: #fff8db;
          }
          nav ul {
            columns: 2 12rem;
          }
        </style>
      </head>
      <body>
        <header>
          <h1>${document.info.title} reference</h1>
          <p>
            Version ${document.info.version}. The machine-readable document is
            <a href="/openapi.json"><code>GET /openapi.json</code></a> (OpenAPI 3.1); the error
            codes are listed at <a href="/docs/errors"><code>GET /docs/errors</code></a
            >.
          </p>
        </header>
        <nav aria-label="Resources">
          <h2>Contents</h2>
          <ul>
            <li><a href="#overview">How a call travels</a></li>
            ${groups.map(
              (group) =>
                html`<li>
                  <a href="#tag-${group.tag}">${group.tag}</a> (${group.operations.length})
                </li>`,
            )}
            <li><a href="#errors">Error answers</a></li>
            <li><a href="#schemas">Schemas</a></li>
          </ul>
        </nav>
        <main>
          <section id="overview">${prose(document.info.description)}</section>
          ${groups.map(
            (group) =>
              html`<section id="tag-${group.tag}" aria-labelledby="tag-${group.tag}-title">
                <h2 id="tag-${group.tag}-title">${group.tag}</h2>
                ${group.operations.map((entry) => operationSection(document, entry, uses))}
              </section>`,
          )}
          <section id="errors" aria-labelledby="errors-title">
            <h2 id="errors-title">Error answers</h2>
            <p>
              Every error answer has the schema
              <a href="#${schemaAnchor("ErrorResponse")}">ErrorResponse</a>; its code tells what
              happened (see <a href="/docs/errors">the error codes</a>).
            </p>
            <ul>
              ${errorResponses.map(
                ({ status, codes }) =>
                  html`<li id="error-${status}">
                    HTTP ${status}:
                    ${codes.map(
                      (code, index) =>
                        html`${index > 0 ? ", " : ""}<a href="/docs/errors#${code}"
                            ><code>${code}</code></a
                          >`,
                    )}
                  </li>`,
              )}
            </ul>
          </section>
          <section id="schemas" aria-labelledby="schemas-title">
            <h2 id="schemas-title">Schemas</h2>
            ${schemaNames.map((name) => {
              const schema = document.components.schemas[name] ?? {};
              return html`<section class="schema" id="${schemaAnchor(name)}">
                <h3><code>${name}</code></h3>
                ${typeof schema.description === "string" ? html`<p>${schema.description}</p>` : ""}
                ${schemaTable(schema, `Fields of ${name}`)}
              </section>`;
            })}
          </section>
        </main>
      </body>
    </html>`;
}
