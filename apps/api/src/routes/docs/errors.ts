import { errorCatalogue, type ErrorCode } from "@paraphe/api-sdk/contract";
import { html } from "hono/html";
import type { AppRouter } from "../../http/context";

/**
 * `GET /docs/errors`: the error codes of the api, with their HTTP status, meaning and suggestion.
 * Every error answer's `documentationUrl` points at its code's entry on this page.
 */
export function registerErrorDocs(app: AppRouter): void {
  app.get("/docs/errors", (c) => {
    c.header(
      "Content-Security-Policy",
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
    );
    c.header("Cache-Control", "public, max-age=3600");
    const codes = Object.keys(errorCatalogue) as ErrorCode[];
    return c.html(
      html`<!doctype html>
        <html lang="en">
          <head>
            <meta charset="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1" />
            <title>Paraphe API error codes</title>
            <style>
              body {
                font-family: system-ui, sans-serif;
                margin: 0 auto;
                max-width: 60rem;
                padding: 1.5rem;
                color: #1f2330;
              }
              code {
                font-size: 0.95em;
              }
              section {
                border-top: 1px solid #dde0ea;
                padding: 0.75rem 0;
              }
              section:target {
                background: #fff8db;
              }
              h2 {
                font-size: 1.05rem;
                margin: 0 0 0.35rem;
              }
              p {
                margin: 0.2rem 0;
              }
            </style>
          </head>
          <body>
            <h1>Paraphe API error codes</h1>
            <p>
              Every error answer has the shape
              <code
                >{statusCode, error: {code, message, suggestion, documentationUrl, fields?},
                requestId, timestamp, path}</code
              >. Clients translate the code; the message is English. Give the request id to support.
            </p>
            ${codes.map(
              (code) =>
                html`<section id="${code}">
                  <h2><code>${code}</code> (HTTP ${errorCatalogue[code].status})</h2>
                  <p>${errorCatalogue[code].message}</p>
                  <p>${errorCatalogue[code].suggestion}</p>
                </section>`,
            )}
          </body>
        </html>`,
    );
  });
}
