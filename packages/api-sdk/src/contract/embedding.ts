import { z } from "zod";

/**
 * Embedded signing (issue 30): the origins a team allows to frame the signing site. The signing
 * pages opened under `/embed/` answer `frame-ancestors` naming those origins only; every other page
 * keeps `'none'`. Read and changed by those allowed to update the team's `embedding` (Owner, Admin).
 *
 * An origin is a plain `https://host[:port]` (no path, query, fragment or credentials, lower case);
 * `http://localhost[:port]` and `http://127.0.0.1[:port]` are accepted outside production only (the
 * api refuses them when NODE_ENV=production).
 */

export const EMBED_ORIGINS_MAX = 20;
export const EMBED_ORIGIN_MAX_LENGTH = 200;

/**
 * Where the signing site's server asks which origins may frame an embedded signing page, outside
 * the tunnel (public data, `GET`): followed by `sign/<envelopeUuid>` or `d/<direct-link token>`,
 * the embedded page's path without its `/embed/` prefix.
 */
export const FRAME_ANCESTORS_PATH_PREFIX = "/public/frame-ancestors/";
/** The answer's header: the `frame-ancestors` sources, ready for the policy (`'none'` if none). */
export const FRAME_ANCESTORS_HEADER = "Paraphe-Frame-Ancestors";

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Whether an origin is a loopback one (`http://localhost...`): refused in production. */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    return LOOPBACK_HOSTS.has(new URL(origin).hostname);
  } catch {
    return false;
  }
}

/**
 * Whether `value` is a plain origin as stored: `https://host[:port]`, or `http://` on a loopback
 * host, exactly as the URL parser writes its origin (lower case, no default port, nothing after).
 */
export function isPlainOrigin(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.origin !== value) return false;
  // A host name of letters, digits and hyphens (international names come punycoded), or an IPv4
  // address: no wildcard nor anything else a frame-ancestors source would read otherwise.
  if (url.protocol === "https:") return HOST_NAME.test(url.hostname);
  return url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
}

/** An allowed origin; trimmed, a trailing slash dropped, lower case. */
export const embedOriginSchema = z
  .string()
  .trim()
  .max(EMBED_ORIGIN_MAX_LENGTH, { error: "too_big" })
  .transform((value) => value.replace(/\/$/, "").toLowerCase())
  .refine(isPlainOrigin, { error: "invalid_origin" });

export const embeddingSettingsSchema = z.object({
  /** The origins that may frame the team's signing pages; empty: none may. */
  origins: z
    .array(embedOriginSchema)
    .max(EMBED_ORIGINS_MAX, { error: "too_big" })
    .refine((origins) => new Set(origins).size === origins.length, {
      error: "duplicate_origin",
    }),
});
export type EmbeddingSettings = z.infer<typeof embeddingSettingsSchema>;

// POST /embedding/get
export const getEmbeddingRequestSchema = z.object({});
// POST /embedding/save
export const saveEmbeddingRequestSchema = embeddingSettingsSchema;
export type SaveEmbeddingRequest = z.input<typeof saveEmbeddingRequestSchema>;
export const embeddingResponseSchema = z.object({ embedding: embeddingSettingsSchema });
export type EmbeddingResponse = z.infer<typeof embeddingResponseSchema>;

// GET /public/frame-ancestors/{sign/<envelopeUuid> | d/<token>}
export const frameAncestorsResponseSchema = z.object({
  /** The origins that may frame that page; empty for an unknown page or a team that allows none. */
  origins: z.array(z.string()),
});
export type FrameAncestorsResponse = z.infer<typeof frameAncestorsResponseSchema>;
