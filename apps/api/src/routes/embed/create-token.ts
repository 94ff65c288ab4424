import { endpoints } from "@paraphe/api-sdk/contract";
import { deriveEmbedTokenCredentialKey } from "../../auth/embed-token-credentials";
import { createEmbedToken } from "../../embedding/embed-tokens";
import { handler } from "../endpoint-handler";

/**
 * POST /embed/create-token: a short-lived token that opens the editor for one draft envelope or
 * one template in a frame (a team API key, or a member who may update that document).
 */
export const embedCreateToken = handler(
  endpoints.embed.createToken,
  "memberOrKey",
  (app) => ({
    db: app.db,
    embedTokenCredentialKey: deriveEmbedTokenCredentialKey(app.sessionCredentialKey),
    now: app.tunnel.now,
  }),
  async ({ member, input, deps }) => createEmbedToken(deps, member, input),
);
