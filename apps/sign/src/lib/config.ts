import { DEFAULT_APP_CREDENTIALS, type SigningCredential } from "@paraphe/api-sdk";

/** Build-time configuration of the signing app (Vite `VITE_*` variables), with the defaults of a local run. */
export interface SignConfig {
  /** Base URL of the api. */
  apiUrl: string;
  /** The team web app's login page, for the "Sign in to Paraphe" link. */
  webUrl: string;
  /** Base URL of the public website. */
  publicSiteUrl: string;
  /** The app-level credential of the public calls (spec §6); it names the app, it is not a secret. */
  appCredential: SigningCredential;
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

export function readConfig(
  env: Partial<Record<keyof ImportMetaEnv, string | undefined>>,
): SignConfig {
  return {
    apiUrl: withoutTrailingSlash(env.VITE_API_URL || "http://localhost:3000"),
    webUrl: env.VITE_WEB_URL || "http://localhost:5173/login",
    publicSiteUrl: withoutTrailingSlash(env.VITE_PUBLIC_SITE_URL || "https://paraphe.org"),
    appCredential:
      env.VITE_APP_ACCESS_KEY && env.VITE_APP_SECRET_KEY
        ? { accessKey: env.VITE_APP_ACCESS_KEY, secretKey: env.VITE_APP_SECRET_KEY }
        : { ...DEFAULT_APP_CREDENTIALS.sign },
  };
}

export const config: SignConfig = readConfig(import.meta.env);
