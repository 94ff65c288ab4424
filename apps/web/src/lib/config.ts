/** Build-time configuration of the web app (Vite `VITE_*` variables), with the defaults of a local run. */
export interface WebConfig {
  /** Base URL of the api. */
  apiUrl: string;
  /** Base URL of the public website (privacy policy, signature legality). */
  publicSiteUrl: string;
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

export function readConfig(
  env: Partial<Record<keyof ImportMetaEnv, string | undefined>>,
): WebConfig {
  return {
    apiUrl: withoutTrailingSlash(env.VITE_API_URL || "http://localhost:3000"),
    publicSiteUrl: withoutTrailingSlash(env.VITE_PUBLIC_SITE_URL || "https://paraphe.org"),
  };
}

export const config: WebConfig = readConfig(import.meta.env);
