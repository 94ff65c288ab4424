/** Build-time configuration of the signing app (Vite `VITE_*` variables), with the defaults of a local run. */
export interface SignConfig {
  /** Base URL of the api. */
  apiUrl: string;
  /** The team web app's login page, for the "Sign in to Paraphe" link. */
  webUrl: string;
  /** Base URL of the public website. */
  publicSiteUrl: string;
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
  };
}

export const config: SignConfig = readConfig(import.meta.env);
