import { PROFILE_PICTURE_PATH_PREFIX } from "@paraphe/api-sdk/contract";
import type { AppDeps } from "../../deps";
import type { AppRouter } from "../../http/context";
import { AppError } from "../../errors/app-error";
import { pictureBlobKey } from "../../identity/profile";

const HASH = /^[0-9a-f]{64}$/;

/**
 * GET and HEAD /public/avatars/:hash — profile pictures as public data, outside the tunnel (spec
 * §3: named by the SHA-256 of the email; the apps test existence with HEAD and fall back to a
 * generated avatar on 404). Registered before the tunnel middleware.
 */
export function registerPublicAvatars(app: AppRouter, deps: Pick<AppDeps, "blobStore">): void {
  app.get(`${PROFILE_PICTURE_PATH_PREFIX}:hash`, async (c) => {
    const hash = c.req.param("hash");
    const blob = HASH.test(hash) ? await deps.blobStore.get(pictureBlobKey(hash)) : null;
    if (blob === null) {
      throw new AppError("NOT_FOUND", {
        message: "There is no profile picture here.",
        suggestion: "Show the generated avatar instead.",
        headers: { "Cache-Control": "no-cache" },
      });
    }
    return c.body(new Uint8Array(blob.bytes), 200, {
      "Content-Type": blob.contentType,
      "Content-Length": String(blob.bytes.length),
      // Short, and revalidated: a new picture replaces the old one under the same name.
      "Cache-Control": "public, max-age=60, must-revalidate",
      "Cross-Origin-Resource-Policy": "cross-origin",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    });
  });
}
