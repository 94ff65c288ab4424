import { FRAME_ANCESTORS_PATH } from "./security-headers.js";

/**
 * Embedded signing pages (`/embed/sign/<envelopeUuid>`, `/embed/d/<direct-link token>`): the same
 * signing app, opened in a frame by a site its team allows. Their `frame-ancestors` names that
 * team's origins, so it cannot be a fixed header: the signing site's server asks the api
 * (`GET {api}/public/frame-ancestors/sign/<uuid>` or `.../d/<token>`, public data) for each page's
 * HTML and answers it with the headers of every other page but that one directive. Any failure, or
 * an unknown page, gives `'none'`: the page then cannot be framed at all.
 */

/**
 * An embedded page's path: what follows `/embed/` is what the api is asked about. The signing
 * site's `/embed/sign/<uuid>` and `/embed/d/<token>`, and the web app's embedded editor
 * `/embed/edit/<embed token's access key>`.
 */
export const EMBEDDED_PAGE_PATH =
  /^\/embed\/(sign\/[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}|d\/[A-Za-z0-9_-]{32}|edit\/pet_[A-Za-z0-9_-]{32})\/?$/;

/**
 * The origins that may frame the embedded page of `path`, as the api answers them; none when the
 * path is not an embedded page's, the api cannot be reached in time, or its answer is not a list.
 *
 * @param {{ apiUrl: string; path: string; fetch?: typeof fetch; timeoutMs?: number }} options
 * @returns {Promise<string[]>}
 */
export async function frameAncestorsOfPage({
  apiUrl,
  path,
  fetch: fetchImpl = fetch,
  timeoutMs = 3000,
}) {
  const page = EMBEDDED_PAGE_PATH.exec(path)?.[1];
  if (page === undefined) return [];
  try {
    const response = await fetchImpl(
      `${apiUrl.replace(/\/+$/, "")}${FRAME_ANCESTORS_PATH}${page}`,
      {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { Accept: "application/json" },
      },
    );
    if (!response.ok) return [];
    const body = /** @type {{ origins?: unknown }} */ (await response.json());
    return Array.isArray(body.origins)
      ? body.origins.filter((origin) => typeof origin === "string")
      : [];
  } catch {
    return [];
  }
}

/**
 * A connect middleware (`vite preview`) answering the embedded pages: `index.html` with the
 * headers `headersFor(origins)` gives for the page's allowed origins. Other paths go on.
 *
 * @param {{ apiUrl: string; indexHtml: () => Promise<Buffer | string>; headersFor: (origins: string[]) => Record<string, string>; fetch?: typeof fetch }} options
 * @returns {(request: import("node:http").IncomingMessage, response: import("node:http").ServerResponse, next: (error?: unknown) => void) => void}
 */
export function embeddedPagesMiddleware({ apiUrl, indexHtml, headersFor, fetch: fetchImpl }) {
  return (request, response, next) => {
    const path = (request.url ?? "").split(/[?#]/)[0] ?? "";
    if (!path.startsWith("/embed/") || (request.method !== "GET" && request.method !== "HEAD")) {
      next();
      return;
    }
    void (async () => {
      const origins = await frameAncestorsOfPage({
        apiUrl,
        path,
        ...(fetchImpl ? { fetch: fetchImpl } : {}),
      });
      const html = await indexHtml();
      const headers = headersFor(origins);
      // Headers set before this middleware (`preview.headers`) are every other page's.
      response.removeHeader("X-Frame-Options");
      response.removeHeader("Content-Security-Policy");
      response.statusCode = 200;
      for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
      response.setHeader("Content-Type", "text/html; charset=utf-8");
      // The list may change: never kept by a cache.
      response.setHeader("Cache-Control", "no-store");
      response.end(request.method === "HEAD" ? undefined : html);
    })().catch(next);
  };
}
