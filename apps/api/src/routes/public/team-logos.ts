import { BRAND_LOGO_PATH_PREFIX } from "@paraphe/api-sdk/contract";
import type { AppDeps } from "../../deps";
import type { AppRouter } from "../../http/context";
import { AppError } from "../../errors/app-error";
import { LOGO_KEY, logoBlobKey } from "../../branding/team-branding";

/**
 * GET and HEAD /public/team-logos/:key — teams' logos as public data, outside the tunnel: mails
 * and the signing site show them. A new upload gets a new key, so a logo never changes under its
 * name and is cached for long. Registered before the tunnel middleware.
 */
export function registerPublicTeamLogos(app: AppRouter, deps: Pick<AppDeps, "blobStore">): void {
  app.get(`${BRAND_LOGO_PATH_PREFIX}:key`, async (c) => {
    const key = c.req.param("key");
    const blob = LOGO_KEY.test(key) ? await deps.blobStore.get(logoBlobKey(key)) : null;
    if (blob === null) {
      throw new AppError("NOT_FOUND", { message: "There is no logo here." });
    }
    return c.body(new Uint8Array(blob.bytes), 200, {
      "Content-Type": blob.contentType,
      "Content-Length": String(blob.bytes.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "Cross-Origin-Resource-Policy": "cross-origin",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "X-Content-Type-Options": "nosniff",
    });
  });
}
