import type { SigningCredential } from "../signing/sign-request";

/**
 * The app-level credentials (spec §6) the web and signing apps are built with unless
 * `VITE_APP_ACCESS_KEY` / `VITE_APP_SECRET_KEY` say otherwise; the api accepts them unless its
 * `APP_CREDENTIALS` says otherwise. They ship inside public JavaScript, so they are not secrets:
 * they name the calling app, and a public call is authorised by what it carries.
 */
export const DEFAULT_APP_CREDENTIALS = {
  web: { accessKey: "paraphe-web", secretKey: "paraphe-web-app-credential" },
  sign: { accessKey: "paraphe-sign", secretKey: "paraphe-sign-app-credential" },
} as const satisfies Record<string, SigningCredential>;
