import type { ReferrerPolicy } from "./index.js";

export declare const DEFAULT_API_URL: string;
export declare const PROFILE_PICTURE_PATH: string;
export declare const TRUSTED_TYPES_POLICIES: readonly string[];

export declare function contentSecurityPolicyDirectives(options?: { apiUrl?: string }): string[];

export declare function contentSecurityPolicy(options?: { apiUrl?: string }): string;

export declare function securityHeaders(options?: {
  apiUrl?: string;
  referrerPolicy?: ReferrerPolicy;
}): Record<string, string>;

export declare function staticHostHeadersFile(headers: Record<string, string>): string;
