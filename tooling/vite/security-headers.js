/**
 * The HTTP security headers of the Paraphe apps: one builder, used both by `vite preview` (`npm
 * start`, the browser tests) and by the `_headers` file the build writes for a static host, so the
 * two can never differ.
 */

/** The api's address when `VITE_API_URL` is not set: the apps' own default (`src/lib/config.ts`). */
export const DEFAULT_API_URL = "http://localhost:3000";

/** Where the api serves profile pictures (`PROFILE_PICTURE_PATH_PREFIX` of the api-sdk contract). */
export const PROFILE_PICTURE_PATH = "/public/avatars/";
/** Where the api serves teams' logos (`BRAND_LOGO_PATH_PREFIX` of the api-sdk contract). */
export const TEAM_LOGO_PATH = "/public/team-logos/";
/**
 * Where the api answers an embedded signing page's allowed origins (`FRAME_ANCESTORS_PATH_PREFIX`
 * of the api-sdk contract).
 */
export const FRAME_ANCESTORS_PATH = "/public/frame-ancestors/";

/** The Trusted Types policies the apps may create: none (no library writes HTML or script URLs). */
export const TRUSTED_TYPES_POLICIES = [];

/**
 * What the Google Drive import (`/envelopes/import-google-drive`) needs, joined to the policy only
 * when the build configures it (`VITE_GOOGLE_CLIENT_ID` and `VITE_GOOGLE_APP_ID`):
 * - the two scripts it loads on that page: Google Identity Services (the access token) and the
 *   Google API loader (the Picker);
 * - the Drive API, where the chosen files are downloaded with the member's token;
 * - the Picker's frame;
 * - the Trusted Types policy through which the app sets those two scripts' addresses
 *   (`GOOGLE_DRIVE_SCRIPTS_POLICY`, which accepts them alone), and the one Google's own scripts create
 *   (`goog#html`, by each of the two scripts, hence `'allow-duplicates'`).
 */
export const GOOGLE_DRIVE_SOURCES = {
  script: ["https://accounts.google.com", "https://apis.google.com"],
  connect: ["https://www.googleapis.com"],
  frame: ["https://docs.google.com"],
  trustedTypes: ["paraphe#google-drive-scripts", "goog#html", "'allow-duplicates'"],
};

/**
 * The origin of the browser telemetry's collector (`VITE_TELEMETRY_URL`), for `connect-src`: none
 * when the build has no collector.
 *
 * @param {string | undefined} telemetryUrl
 * @returns {string[]}
 */
function telemetryOrigins(telemetryUrl) {
  if (!telemetryUrl) return [];
  let url;
  try {
    url = new URL(telemetryUrl);
  } catch {
    throw new Error(`VITE_TELEMETRY_URL must be an absolute http(s) URL, got "${telemetryUrl}".`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`VITE_TELEMETRY_URL must be an absolute http(s) URL, got "${telemetryUrl}".`);
  }
  return [url.origin];
}

/**
 * The api base (`VITE_API_URL`) as an absolute http(s) URL without a trailing slash.
 *
 * @param {string | undefined} apiUrl
 * @returns {URL}
 */
function parseApiUrl(apiUrl) {
  const value = (apiUrl || DEFAULT_API_URL).replace(/\/+$/, "");
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`VITE_API_URL must be an absolute http(s) URL, got "${value}".`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`VITE_API_URL must be an absolute http(s) URL, got "${value}".`);
  }
  if (
    url.search ||
    url.hash ||
    url.username ||
    url.password ||
    !/^[A-Za-z0-9\-._~/%]*$/.test(url.pathname)
  ) {
    throw new Error(
      `VITE_API_URL must have no query, fragment, credentials or punctuation in its path, got "${value}" (it also goes into the Content-Security-Policy).`,
    );
  }
  return url;
}

/**
 * The origin of a page an app frames (`VITE_SUPPORT_WIDGET_URL`): an absolute http(s) URL without
 * credentials; only its origin goes into the policy.
 *
 * @param {string} name the variable, for the error
 * @param {string} value
 * @returns {string}
 */
function frameOrigin(name, value) {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${value}".`);
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password) {
    throw new Error(`${name} must be an absolute http(s) URL without credentials, got "${value}".`);
  }
  return url.origin;
}

/**
 * The sources of an embedded signing page's `frame-ancestors`: the origins its team allows, each a
 * plain `https://host[:port]` (or `http://localhost...`) origin as the api stores them; anything
 * else is dropped, so that nothing but an origin reaches the header.
 *
 * @param {readonly string[]} origins
 * @returns {string[]}
 */
export function frameAncestorSources(origins) {
  return [
    ...new Set(
      origins.filter((origin) => {
        if (typeof origin !== "string" || origin.length > 200) return false;
        try {
          const url = new URL(origin);
          if (url.origin !== origin) return false;
          if (url.protocol === "https:") return /^[a-z0-9.-]+$/.test(url.hostname);
          return url.protocol === "http:" && ["localhost", "127.0.0.1"].includes(url.hostname);
        } catch {
          return false;
        }
      }),
    ),
  ];
}

/**
 * The Content-Security-Policy of an app, as an ordered list of directives.
 *
 * Everything is denied (`default-src 'none'`) except what the apps use:
 * - scripts, styles, fonts and the web manifest of the app's own origin (the build emits files only;
 *   no inline script, no `eval`);
 * - calls to the app's origin and to the api's origin (the tunnel, the profile picture's HEAD check);
 * - images of the app's origin, `data:` (page previews and the drawn or typed signature arrive as
 *   base64 and are shown as data URLs; the generated avatar is an SVG data URL) and the api's public
 *   profile pictures;
 * - `style-src-elem 'unsafe-inline'`: the scroll lock of radix dialogs and menus
 *   (react-remove-scroll) writes a `<style>` element whose content depends on the scrollbar width,
 *   and sonner injects its stylesheet the same way, so neither can be listed by hash. Style
 *   *attributes* stay forbidden (`style-src-attr 'none'`): React and radix set styles through the
 *   CSSOM, which CSP does not restrict. `style-src` keeps the same sources for browsers without the
 *   `-elem`/`-attr` directives. CSS cannot run script, and with images, fonts and calls limited as
 *   above an injected rule has nowhere to send data.
 * - no frames but those of `frameUrls` (by origin: the web app's support chat when
 *   `VITE_SUPPORT_WIDGET_URL` is set), no objects, workers or media; the app may not be framed
 *   (`frame-ancestors 'none'`), but for an embedded signing page, which `frameAncestors` names the
 *   allowed origins of (`frameAncestorSources`), forms
 *   post only to the app, `<base>` only to the app;
 * - Trusted Types (Chromium): string assignments to DOM XSS sinks (`innerHTML`, `script.src`, ...)
 *   are refused, and no policy may be created.
 *
 * - with `googleDrive` (the web app built with the Google Drive import), the origins and policies of
 *   `GOOGLE_DRIVE_SOURCES` and nothing more;
 * - with `telemetryUrl` (a build with a telemetry collector, `VITE_TELEMETRY_URL`), the collector's
 *   origin in `connect-src`, where Faro posts its batches.
 *
 * @param {{ apiUrl?: string; frameUrls?: Record<string, string | undefined>; googleDrive?: boolean; frameAncestors?: readonly string[]; telemetryUrl?: string }} [options]
 *   `frameUrls`: pages the app may frame, by the variable that names them (unset ones are skipped)
 * @returns {string[]}
 */
export function contentSecurityPolicyDirectives({
  apiUrl,
  frameUrls = {},
  googleDrive = false,
  frameAncestors = [],
  telemetryUrl,
} = {}) {
  const ancestors = frameAncestorSources(frameAncestors);
  const api = parseApiUrl(apiUrl);
  const frames = [
    ...new Set(
      Object.entries(frameUrls)
        .filter(([, value]) => value !== undefined && value !== "")
        .map(([name, value]) => frameOrigin(name, /** @type {string} */ (value))),
    ),
  ];
  const apiBase = `${api.origin}${api.pathname.replace(/\/+$/, "")}`;
  const inlineStyleElements = ["'self'", "'unsafe-inline'"];
  const drive = googleDrive
    ? GOOGLE_DRIVE_SOURCES
    : { script: [], connect: [], frame: [], trustedTypes: [] };
  const policies = [...TRUSTED_TYPES_POLICIES, ...drive.trustedTypes];
  const trustedTypes = policies.length > 0 ? policies : ["'none'"];
  const frameSources = [...frames, ...drive.frame];
  return [
    "default-src 'none'",
    ["script-src 'self'", ...drive.script].join(" "),
    `style-src ${inlineStyleElements.join(" ")}`,
    `style-src-elem ${inlineStyleElements.join(" ")}`,
    "style-src-attr 'none'",
    `img-src 'self' data: ${apiBase}${PROFILE_PICTURE_PATH} ${apiBase}${TEAM_LOGO_PATH}`,
    "font-src 'self'",
    [
      ...new Set([
        "connect-src 'self'",
        api.origin,
        ...drive.connect,
        ...telemetryOrigins(telemetryUrl),
      ]),
    ].join(" "),
    "manifest-src 'self'",
    "worker-src 'none'",
    `frame-src ${frameSources.length > 0 ? frameSources.join(" ") : "'none'"}`,
    "object-src 'none'",
    "media-src 'none'",
    `frame-ancestors ${ancestors.length > 0 ? ancestors.join(" ") : "'none'"}`,
    "base-uri 'self'",
    "form-action 'self'",
    "require-trusted-types-for 'script'",
    `trusted-types ${trustedTypes.join(" ")}`,
  ];
}

/**
 * The Content-Security-Policy header value of an app.
 *
 * @param {{ apiUrl?: string; frameUrls?: Record<string, string | undefined>; googleDrive?: boolean; frameAncestors?: readonly string[]; telemetryUrl?: string }} [options]
 * @returns {string}
 */
export function contentSecurityPolicy(options = {}) {
  return contentSecurityPolicyDirectives(options).join("; ");
}

/**
 * Every security header of an app's responses.
 *
 * `frameAncestors`: an embedded signing page's allowed origins; with at least one, the page has
 * no `X-Frame-Options` (which cannot name several origins; browsers that know `frame-ancestors`
 * follow it instead), and without, `DENY` as every other page.
 *
 * @param {{ apiUrl?: string; frameUrls?: Record<string, string | undefined>; googleDrive?: boolean; frameAncestors?: readonly string[]; telemetryUrl?: string; referrerPolicy?: "no-referrer" | "strict-origin-when-cross-origin" }} [options]
 * @returns {Record<string, string>}
 */
export function securityHeaders({
  apiUrl,
  frameUrls,
  googleDrive,
  frameAncestors = [],
  telemetryUrl,
  referrerPolicy = "strict-origin-when-cross-origin",
} = {}) {
  const framed = frameAncestorSources(frameAncestors).length > 0;
  return {
    "Content-Security-Policy": contentSecurityPolicy({
      apiUrl,
      frameUrls,
      googleDrive,
      frameAncestors,
      telemetryUrl,
    }),
    "Referrer-Policy": referrerPolicy,
    "X-Content-Type-Options": "nosniff",
    // For browsers that predate `frame-ancestors`.
    ...(framed ? {} : { "X-Frame-Options": "DENY" }),
  };
}

/**
 * The headers as a `_headers` file (Netlify and Cloudflare Pages format): applied to every path.
 *
 * @param {Record<string, string>} headers
 * @returns {string}
 */
export function staticHostHeadersFile(headers) {
  const lines = Object.entries(headers).map(([name, value]) => {
    if (/[\r\n]/.test(value)) throw new Error(`The ${name} header must fit on one line.`);
    return `  ${name}: ${value}`;
  });
  return `# Security headers of every response (generated by the build: do not edit).\n/*\n${lines.join("\n")}\n`;
}
