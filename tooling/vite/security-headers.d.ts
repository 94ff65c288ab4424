import type { ReferrerPolicy } from "./index.js";

export declare const DEFAULT_API_URL: string;
export declare const PROFILE_PICTURE_PATH: string;
export declare const FRAME_ANCESTORS_PATH: string;
export declare const TRUSTED_TYPES_POLICIES: readonly string[];

/** The origins and Trusted Types policies the Google Drive import adds, when configured. */
export declare const GOOGLE_DRIVE_SOURCES: {
  readonly script: readonly string[];
  readonly connect: readonly string[];
  readonly frame: readonly string[];
  readonly trustedTypes: readonly string[];
};

export interface ContentSecurityPolicyOptions {
  apiUrl?: string;
  /** Pages the app may frame, by the variable that names them; unset ones are skipped. */
  frameUrls?: Record<string, string | undefined>;
  /** The web app built with the Google Drive import: its origins join the policy. */
  googleDrive?: boolean;
  /** An embedded signing page: the origins its team allows to frame it (`'none'` when empty). */
  frameAncestors?: readonly string[];
  /** The browser telemetry's collector (`VITE_TELEMETRY_URL`): its origin joins `connect-src`. */
  telemetryUrl?: string;
}

/** The plain origins among `origins`, without repeats: what may go into `frame-ancestors`. */
export declare function frameAncestorSources(origins: readonly string[]): string[];

export declare function contentSecurityPolicyDirectives(
  options?: ContentSecurityPolicyOptions,
): string[];

export declare function contentSecurityPolicy(options?: ContentSecurityPolicyOptions): string;

export declare function securityHeaders(options?: {
  apiUrl?: string;
  frameUrls?: Record<string, string | undefined>;
  googleDrive?: boolean;
  frameAncestors?: readonly string[];
  telemetryUrl?: string;
  referrerPolicy?: ReferrerPolicy;
}): Record<string, string>;

export declare function staticHostHeadersFile(headers: Record<string, string>): string;
