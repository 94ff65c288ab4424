import { z } from "zod";
import { QesError, qesErrorCode, type QesCall } from "./qes-error";

/**
 * The `fetch` the client calls: the api's outbound fetch (`documents/provider-fetch.ts`: no
 * redirects, answers read up to a size), given by the caller so that this folder needs nothing of
 * the api's http layer.
 */
export type CscFetch = (
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body?: string;
    signal?: AbortSignal;
  },
) => Promise<Response>;

/** A method of the CSC API, posted under its base URL. */
export type CscMethod = `credentials/${string}` | `signatures/${string}` | "info";

export interface CscTransportOptions {
  /** The CSC API's address, without a trailing slash. */
  baseUrl: string;
  /** Kept out of every error message. */
  clientSecret: string;
  /** How long one request may take. */
  timeoutMs: number;
  fetch: CscFetch;
}

/** How long one request may take by default. */
export const DEFAULT_TIMEOUT_MS = 10_000;
/** The most of a provider's description kept in an error message. */
export const DESCRIPTION_MAX = 200;

const errorSchema = z.object({
  error: z.string().max(200).optional(),
  error_description: z.string().optional(),
});

export function base64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("base64url");
}

/** Standard base64 of the DER or raw bytes the provider sends (some send base64url). */
export function fromBase64(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, /[-_]/.test(text) ? "base64url" : "base64"));
}

/**
 * The requests of a CSC client, to the CSC API and to its OAuth 2.0 server: each one times out,
 * its answer is read up to a size (by the outbound fetch), and every failure or refusal becomes a
 * `QesError` with a code whose message holds neither the client secret nor the secrets the request
 * carried.
 */
export class CscTransport {
  readonly baseUrl: string;
  readonly #clientSecret: string;
  readonly #timeoutMs: number;
  readonly #fetch: CscFetch;

  constructor(options: CscTransportOptions) {
    this.baseUrl = options.baseUrl;
    this.#clientSecret = options.clientSecret;
    this.#timeoutMs = options.timeoutMs;
    this.#fetch = options.fetch;
  }

  /** Removes the secret and `extra` from a text that goes into an error. */
  #scrub(text: string, extra: readonly string[] = []): string {
    let out = text.replace(/[\r\n]+/g, " ");
    for (const secret of [this.#clientSecret, ...extra])
      if (secret.length > 0) out = out.split(secret).join("***");
    return out.slice(0, DESCRIPTION_MAX);
  }

  /** One request; the answer's JSON, or a `QesError`. */
  async request(
    call: QesCall,
    url: string,
    init: { method: string; headers: Record<string, string>; body?: string },
    secrets: readonly string[] = [],
  ): Promise<unknown> {
    let response: Response;
    try {
      response = await this.#fetch(url, {
        ...init,
        headers: { accept: "application/json", ...init.headers },
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (error) {
      const name = error instanceof Error ? error.name : "";
      // The outbound fetch reads the whole answer before resolving, and stops at its size limit.
      if (error instanceof Error && /too large/i.test(error.message))
        throw new QesError(
          "response_too_large",
          `The qualified signature provider's answer to ${call} is too large.`,
        );
      if (name === "TimeoutError" || name === "AbortError")
        throw new QesError(
          "provider_timeout",
          `The qualified signature provider did not answer ${call} within ${Math.round(this.#timeoutMs / 1000)} s.`,
        );
      throw new QesError(
        "provider_unreachable",
        `The qualified signature provider could not be reached for ${call} (${name || "error"}).`,
      );
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      const message = error instanceof Error ? error.message : "";
      if (/too large/i.test(message))
        throw new QesError(
          "response_too_large",
          `The qualified signature provider's answer to ${call} is too large.`,
          { status: response.status },
        );
      throw new QesError(
        "provider_unreachable",
        `The qualified signature provider's answer to ${call} was cut short.`,
        { status: response.status },
      );
    }
    let body: unknown;
    try {
      body = text.trim() === "" ? {} : JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (response.ok) {
      if (body === undefined)
        throw new QesError(
          "invalid_response",
          `The qualified signature provider answered ${call} with something other than JSON.`,
          { status: response.status },
        );
      return body;
    }
    const parsed = errorSchema.safeParse(body);
    const error = parsed.success ? parsed.data.error : undefined;
    const description = this.#scrub(
      parsed.success ? (parsed.data.error_description ?? "") : "",
      secrets,
    );
    const retryAfter = response.headers.get("retry-after");
    const seconds =
      retryAfter !== null && /^\d{1,6}$/.test(retryAfter.trim()) ? Number(retryAfter) : null;
    throw new QesError(
      qesErrorCode(call, response.status, error, description),
      `The qualified signature provider refused ${call} (${response.status}${error === undefined ? "" : ` ${this.#scrub(error)}`}${description === "" ? "" : `: ${description}`}).`,
      {
        status: response.status,
        ...(error === undefined ? {} : { providerError: this.#scrub(error) }),
        retryAfterMs: seconds === null ? null : seconds * 1000,
      },
    );
  }

  /** `body` read with `schema`, or a `QesError` naming the first differences. */
  parse<T>(call: QesCall, schema: z.ZodType<T>, body: unknown): T {
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      throw new QesError(
        "invalid_response",
        `The qualified signature provider's answer to ${call} is not what the CSC API describes (${parsed.error.issues
          .slice(0, 3)
          .map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`)
          .join("; ")}).`,
      );
    return parsed.data;
  }

  /** A CSC API call: `input` posted as JSON with the access token, the answer read with `schema`. */
  async api<T>(
    method: CscMethod,
    accessToken: string | undefined,
    input: Record<string, unknown>,
    schema: z.ZodType<T>,
    secrets: readonly string[] = [],
  ): Promise<T> {
    const body = await this.request(
      method,
      `${this.baseUrl}/${method}`,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(accessToken === undefined ? {} : { authorization: `Bearer ${accessToken}` }),
        },
        body: JSON.stringify(input),
      },
      accessToken === undefined ? secrets : [accessToken, ...secrets],
    );
    return this.parse(method, schema, body);
  }
}
