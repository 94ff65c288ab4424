/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The browser telemetry's collector (Faro's receiver); unset: no telemetry (README "Telemetry"). */
  readonly VITE_TELEMETRY_URL?: string;
  /** The production host (`location.host`) on which telemetry is sent, e.g. `sign.paraphe.example`. */
  readonly VITE_TELEMETRY_HOST?: string;
  /** Set by the build, not by you: the app's version (its package.json). */
  readonly PARAPHE_APP_VERSION?: string;
  /** Base URL of the api (default http://localhost:3000). */
  readonly VITE_API_URL?: string;
  /** Login page of the team web app (default http://localhost:5173/login). */
  readonly VITE_WEB_URL?: string;
  /** Base URL of the public website (default https://paraphe.org). */
  readonly VITE_PUBLIC_SITE_URL?: string;
  /** App-level credential of the public calls (default: the api-sdk's signing-app credential). */
  readonly VITE_APP_ACCESS_KEY?: string;
  readonly VITE_APP_SECRET_KEY?: string;
  /**
   * Set by the build, not by you: the api build's attestation reference values (JSON), pinned into
   * the app, or `fetch-from-server` when built with VITE_DEV_FETCH_REFERENCE_VALUES=1.
   */
  readonly PARAPHE_REFERENCE_VALUES?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
