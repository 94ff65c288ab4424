import { USER_AGENT_MAX_LENGTH } from "@paraphe/api-sdk/contract";
import type { Context } from "hono";
import type { AppEnv } from "../http/context";

/** Who is at the other end of a request, as recorded on a session and used by rate limits. */
export interface ClientInfo {
  ipAddress: string | null;
  platform: string | null;
  userAgent: string | null;
}

/**
 * The client's IP address: the last entry of `X-Forwarded-For` (the one the reverse proxy in front
 * of the api appended; entries to its left are whatever the client sent), otherwise the socket's
 * remote address when served by Node.
 */
export function clientIp(c: Context<AppEnv>): string | null {
  const forwarded = c.req.header("X-Forwarded-For");
  if (forwarded !== undefined) {
    const last = forwarded.split(",").at(-1)?.trim();
    if (last !== undefined && last !== "" && last.length <= 64) return last;
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? null;
}

const OPERATING_SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/CrOS/, "ChromeOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
];

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\/|FxiOS/, "Firefox"],
  [/Chrome\/|Chromium\/|CriOS/, "Chrome"],
  [/Safari\//, "Safari"],
  [/Node\.js|undici|node-fetch/i, "Node.js"],
];

/** A short platform name from a user agent: "Chrome on macOS", "Firefox", "Windows", or null. */
export function platformOf(userAgent: string | null): string | null {
  if (userAgent === null || userAgent === "") return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const os = OPERATING_SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser !== undefined && os !== undefined) return `${browser} on ${os}`;
  return browser ?? os ?? null;
}

export function clientInfo(c: Context<AppEnv>): ClientInfo {
  const raw = c.req.header("User-Agent");
  const userAgent = raw === undefined || raw === "" ? null : raw.slice(0, USER_AGENT_MAX_LENGTH);
  return { ipAddress: clientIp(c), platform: platformOf(userAgent), userAgent };
}
