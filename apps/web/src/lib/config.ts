import { DEFAULT_APP_CREDENTIALS } from "@paraphe/api-sdk";

/** Build-time configuration of the web app (Vite `VITE_*` variables), with the defaults of a local run. */
export interface WebConfig {
  /** Base URL of the api. */
  apiUrl: string;
  /** Base URL of the public website (privacy policy, signature legality). */
  publicSiteUrl: string;
  /** Base URL of the public signing app (`/sign/{envelopeUuid}#token=..&secret=..`). */
  signUrl: string;
  /**
   * The app-level credential of public calls (spec §6). It names the app and ships in public
   * JavaScript, so it is not a secret; the api's own default unless both variables are set.
   */
  appCredential: { accessKey: string; secretKey: string };
  /**
   * An external support chat (`VITE_SUPPORT_WIDGET_URL`) that replaces the support conversation:
   * the support page shows it in a frame, and the Content-Security-Policy allows its origin only.
   */
  supportWidgetUrl: string | undefined;
  /**
   * The Google Drive import (`VITE_GOOGLE_CLIENT_ID`, `VITE_GOOGLE_APP_ID`, optional
   * `VITE_GOOGLE_API_KEY`): unset unless both ids are, and then the page says that no cloud drive is
   * configured. None of them is a secret: they ship in public JavaScript.
   */
  googleDrive: GoogleDriveConfig | undefined;
}

/** What the Google Picker and Google's token client need. */
export interface GoogleDriveConfig {
  /** The OAuth client id (a web application's) that asks for the member's access token. */
  clientId: string;
  /** The Google Cloud project number: the Picker's app id, which grants the files picked. */
  appId: string;
  /** The Picker's developer key (a browser API key), when the project requires one. */
  apiKey: string | undefined;
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
    signUrl: withoutTrailingSlash(env.VITE_SIGN_URL || "http://localhost:5174"),
    appCredential:
      env.VITE_APP_ACCESS_KEY && env.VITE_APP_SECRET_KEY
        ? { accessKey: env.VITE_APP_ACCESS_KEY, secretKey: env.VITE_APP_SECRET_KEY }
        : { ...DEFAULT_APP_CREDENTIALS.web },
    supportWidgetUrl: env.VITE_SUPPORT_WIDGET_URL || undefined,
    googleDrive:
      env.VITE_GOOGLE_CLIENT_ID && env.VITE_GOOGLE_APP_ID
        ? {
            clientId: env.VITE_GOOGLE_CLIENT_ID,
            appId: env.VITE_GOOGLE_APP_ID,
            apiKey: env.VITE_GOOGLE_API_KEY || undefined,
          }
        : undefined,
  };
}

export const config: WebConfig = readConfig(import.meta.env);
