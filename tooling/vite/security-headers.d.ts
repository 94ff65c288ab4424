import type { ReferrerPolicy } from "./index.js";

export declare const DEFAULT_API_URL: string;
export declare const PROFILE_PICTURE_PATH: string;
export declare const TRUSTED_TYPES_POLICIES: readonly string[];

export interface ContentSecurityPolicyOptions {
  apiUrl?: string;
  /** Pages the app may frame, by the variable that names them; unset ones are skipped. */
  frameUrls?: Record<string, string | undefined>;
}

export declare function contentSecurityPolicyDirectives(
  options?: ContentSecurityPolicyOptions,
): string[];

export declare function contentSecurityPolicy(options?: ContentSecurityPolicyOptions): string;

export declare function securityHeaders(options?: {
  apiUrl?: string;
  frameUrls?: Record<string, string | undefined>;
  referrerPolicy?: ReferrerPolicy;
}): Record<string, string>;

export declare function staticHostHeadersFile(headers: Record<string, string>): string;
