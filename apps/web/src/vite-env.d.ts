/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The browser telemetry's collector (Faro's receiver); unset: no telemetry (README "Telemetry"). */
  readonly VITE_TELEMETRY_URL?: string;
  /** The production host (`location.host`) on which telemetry is sent, e.g. `app.paraphe.example`. */
  readonly VITE_TELEMETRY_HOST?: string;
  /** Set by the build, not by you: the app's version (its package.json). */
  readonly PARAPHE_APP_VERSION?: string;
  /** Base URL of the api (default http://localhost:3000). */
  readonly VITE_API_URL?: string;
  /** Base URL of the public website (default https://paraphe.org). */
  readonly VITE_PUBLIC_SITE_URL?: string;
  /** Base URL of the public signing app (default http://localhost:5174). */
  readonly VITE_SIGN_URL?: string;
  /** Access key of the app-level credential (default: the api's default web credential). */
  readonly VITE_APP_ACCESS_KEY?: string;
  /** Secret key of the app-level credential (set together with VITE_APP_ACCESS_KEY). */
  readonly VITE_APP_SECRET_KEY?: string;
  /**
   * An external support chat page (https), shown on /settings/support in place of the support
   * conversation; the Content-Security-Policy allows its origin in frames.
   */
  readonly VITE_SUPPORT_WIDGET_URL?: string;
  /**
   * The Google Drive import (/envelopes/import-google-drive): the OAuth client id of a web
   * application, and the Google Cloud project number (the Picker's app id). Both set, or the page
   * says that no cloud drive is configured; the Content-Security-Policy opens to Google only then.
   */
  readonly VITE_GOOGLE_CLIENT_ID?: string;
  readonly VITE_GOOGLE_APP_ID?: string;
  /** The Picker's browser API key (Google's developer key), when the project requires one. */
  readonly VITE_GOOGLE_API_KEY?: string;
  /**
   * Set by the build, not by you: the api build's attestation reference values (JSON), pinned into
   * the app, or `fetch-from-server` when built with VITE_DEV_FETCH_REFERENCE_VALUES=1.
   */
  readonly PARAPHE_REFERENCE_VALUES?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
