/** How much of a request's body has gone out, in bytes (`total`: the sealed body's length). */
export interface UploadProgress {
  sent: number;
  total: number;
}

/** A request as {@link SendWithProgress} sends it: fetch's init, narrowed to what the tunnel sets. */
export interface ProgressRequestInit {
  method: string;
  headers: Headers;
  body: Uint8Array;
  credentials: "include" | "same-origin" | "omit";
  signal?: AbortSignal | undefined;
}

/**
 * Sends a request as fetch would, telling `onProgress` as its body goes out; answers the
 * response, or rejects as fetch does (a `TypeError` for a network failure, an `AbortError` when
 * `signal` aborts).
 */
export type SendWithProgress = (
  url: string,
  init: ProgressRequestInit,
  onProgress: (progress: UploadProgress) => void,
) => Promise<Response>;

/**
 * The part of XMLHttpRequest used here (the package also builds for Node, whose types have no
 * DOM): looked up on `globalThis` when a call is sent.
 */
interface XhrLike {
  open(method: string, url: string): void;
  responseType: string;
  withCredentials: boolean;
  setRequestHeader(name: string, value: string): void;
  readonly upload: {
    addEventListener(type: "progress", listener: (event: { loaded: number }) => void): void;
  };
  addEventListener(type: "load" | "error" | "timeout" | "abort", listener: () => void): void;
  readonly status: number;
  readonly statusText: string;
  readonly response: unknown;
  getAllResponseHeaders(): string;
  send(body: ArrayBuffer): void;
  abort(): void;
}

/** The XMLHttpRequest constructor of this environment, if it has one (browsers, jsdom). */
export function xhrConstructor(): (new () => XhrLike) | undefined {
  return (globalThis as { XMLHttpRequest?: new () => XhrLike }).XMLHttpRequest;
}

/** Statuses whose response has no body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** `getAllResponseHeaders()`'s CRLF-separated lines as Headers. */
function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * {@link SendWithProgress} by XMLHttpRequest, the only browser API that reports a request body's
 * progress over HTTP/1.1 (fetch does not). Only the response headers CORS exposes are read, as
 * with fetch; `credentials: "include"` is `withCredentials`.
 */
export const xhrSendWithProgress: SendWithProgress = (url, init, onProgress) =>
  new Promise<Response>((resolve, reject) => {
    const abortError = () => new DOMException("The operation was aborted.", "AbortError");
    if (init.signal?.aborted) {
      reject(abortError());
      return;
    }
    const Xhr = xhrConstructor();
    if (Xhr === undefined) {
      reject(new TypeError("XMLHttpRequest is not available here"));
      return;
    }
    const xhr = new Xhr();
    xhr.open(init.method, url);
    xhr.responseType = "arraybuffer";
    xhr.withCredentials = init.credentials === "include";
    init.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    const total = init.body.byteLength;
    xhr.upload.addEventListener("progress", (event) => {
      onProgress({ sent: Math.min(event.loaded, total), total });
    });
    const onAbort = () => xhr.abort();
    init.signal?.addEventListener("abort", onAbort, { once: true });
    const settle = () => init.signal?.removeEventListener("abort", onAbort);
    xhr.addEventListener("load", () => {
      settle();
      onProgress({ sent: total, total });
      const body = NULL_BODY_STATUSES.has(xhr.status) ? null : (xhr.response as ArrayBuffer);
      try {
        resolve(
          new Response(body, {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: parseHeaders(xhr.getAllResponseHeaders()),
          }),
        );
      } catch (error) {
        reject(new TypeError("the server's answer could not be read", { cause: error }));
      }
    });
    xhr.addEventListener("error", () => {
      settle();
      reject(new TypeError("Failed to fetch"));
    });
    xhr.addEventListener("timeout", () => {
      settle();
      reject(new TypeError("Failed to fetch"));
    });
    xhr.addEventListener("abort", () => {
      settle();
      reject(abortError());
    });
    // A copy in a fresh ArrayBuffer: what XMLHttpRequest's BodyInit takes in every realm.
    xhr.send(init.body.slice().buffer);
  });
