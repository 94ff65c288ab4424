import { z } from "zod";

/**
 * Embedded preparing (issue 30): a team's server asks, with its API key (or a member with their
 * session), for a short-lived token that opens the document editor for ONE draft envelope or ONE
 * template of the team, inside a frame of an allowed origin. The token is a credential of its own
 * kind: an access key (`pet_...`) and a secret key, joined by a dot. The api keeps a hash of the
 * access key only; the secret is never stored. Calls signed with it reach that document only, and
 * only through the editor's calls (read it with its documents and page previews, save its
 * recipients or roles, its fields and options, send a draft); anything else is refused. It never
 * opens a team session.
 */

/** The token's lifetime when the request names none: 15 minutes. */
export const EMBED_TOKEN_DEFAULT_SECONDS = 900;
/** The longest lifetime a token may have: one hour. */
export const EMBED_TOKEN_MAX_SECONDS = 3600;
/** The shortest lifetime a token may have: one minute. */
export const EMBED_TOKEN_MIN_SECONDS = 60;
/** The access key of an embed token starts with this. */
export const EMBED_TOKEN_PREFIX = "pet_";
/** The web app's path of the embedded editor, followed by the token's access key. */
export const EMBED_EDITOR_PATH_PREFIX = "/embed/edit/";

const ACCESS_KEY = /^pet_[A-Za-z0-9_-]{32}$/;
const SECRET_KEY = /^[A-Za-z0-9_-]{43}$/;

/** Whether `accessKey` has the shape of an embed token's access key. */
export function isEmbedTokenAccessKey(accessKey: string): boolean {
  return ACCESS_KEY.test(accessKey);
}

/**
 * The credential an embed token stands for (`accessKey.secretKey`), to sign the editor's calls
 * with; null for anything else.
 */
export function parseEmbedToken(token: string): { accessKey: string; secretKey: string } | null {
  const [accessKey = "", secretKey = "", ...rest] = token.split(".");
  if (rest.length > 0 || !ACCESS_KEY.test(accessKey) || !SECRET_KEY.test(secretKey)) return null;
  return { accessKey, secretKey };
}

const uuid = z.uuid();

// POST /embed/create-token
export const createEmbedTokenRequestSchema = z
  .object({
    /** A draft envelope of the caller's team (give this or `templateUuid`). */
    envelopeUuid: uuid.optional(),
    /** A template of the caller's team (give this or `envelopeUuid`). */
    templateUuid: uuid.optional(),
    /** Seconds until the token stops working: 60 to 3600, 900 by default. */
    expiresIn: z
      .number()
      .int()
      .min(EMBED_TOKEN_MIN_SECONDS, { error: "too_small" })
      .max(EMBED_TOKEN_MAX_SECONDS, { error: "too_big" })
      .default(EMBED_TOKEN_DEFAULT_SECONDS),
  })
  .refine((value) => (value.envelopeUuid === undefined) !== (value.templateUuid === undefined), {
    error: "one_document",
    path: ["envelopeUuid"],
  });
export type CreateEmbedTokenRequest = z.input<typeof createEmbedTokenRequestSchema>;
export const createEmbedTokenResponseSchema = z.object({
  /** `accessKey.secretKey`: shown once, to hand to `<paraphe-editor>`; never stored. */
  token: z.string(),
  /** When the token stops working (ISO 8601). */
  expiresAt: z.iso.datetime(),
});
export type CreateEmbedTokenResponse = z.infer<typeof createEmbedTokenResponseSchema>;
