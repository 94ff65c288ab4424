import { BlockList, isIP } from "node:net";
import { USER_AGENT_MAX_LENGTH } from "@paraphe/api-sdk/contract";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/context";

/** Who is at the other end of a request, as recorded on a session and used by rate limits. */
export interface ClientInfo {
  ipAddress: string | null;
  platform: string | null;
  userAgent: string | null;
}

/** Whether an address is one of the configured reverse proxies (`TRUSTED_PROXIES`). */
export type IsTrustedProxy = (address: string) => boolean;

/**
 * A matcher of `TRUSTED_PROXIES` entries (IP addresses and CIDR ranges, as `parseTrustedProxies`
 * accepts them); an IPv4 address written as IPv6 (`::ffff:10.0.0.1`) matches as IPv4.
 */
export function trustedProxyMatcher(entries: readonly string[]): IsTrustedProxy {
  if (entries.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const family = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? "ipv6" : "ipv4");
  };
}

/**
 * One IP address as written in a socket or an `X-Forwarded-For` entry (`[::1]` and IPv4 written as
 * IPv6 included), in its plain form; null when it is not an address.
 */
export function normalizeIp(value: string): string | null {
  let address = value.trim();
  if (address.startsWith("[") && address.endsWith("]")) address = address.slice(1, -1);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1] !== undefined) address = mapped[1];
  return address.length <= 64 && isIP(address) !== 0 ? address.toLowerCase() : null;
}

/**
 * The client's address: the socket's, unless the socket is a trusted proxy; then `X-Forwarded-For`
 * is read from the right (each proxy appends the address it received the request from), skipping
 * trusted proxies, and the first address that is not one is the client. Entries to its left are
 * whatever the client sent and are never believed. An entry that is not an address stops the walk
 * at the proxy that wrote it.
 */
export function resolveClientIp(
  socketAddress: string | null,
  forwardedFor: string | undefined,
  isTrustedProxy: IsTrustedProxy,
): string | null {
  let client = socketAddress === null ? null : normalizeIp(socketAddress);
  if (client === null || forwardedFor === undefined || !isTrustedProxy(client)) return client;
  const hops = forwardedFor.split(",");
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normalizeIp(hops[i] ?? "");
    if (hop === null) return client;
    client = hop;
    if (!isTrustedProxy(hop)) return hop;
  }
  return client;
}

function socketAddressOf(c: Context<AppEnv>): string | null {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? null;
}

/**
 * Middleware that finds the client's address once per request ({@link resolveClientIp}) for
 * {@link clientIp}: `X-Forwarded-For` counts only when the connection comes from a trusted proxy.
 */
export function clientAddress(trustedProxies: readonly string[]): MiddlewareHandler<AppEnv> {
  const isTrustedProxy = trustedProxyMatcher(trustedProxies);
  return async (c, next) => {
    c.set(
      "clientIp",
      resolveClientIp(socketAddressOf(c), c.req.header("X-Forwarded-For"), isTrustedProxy),
    );
    await next();
  };
}

/**
 * The client's IP address as {@link clientAddress} found it; without that middleware, the socket's
 * address (never `X-Forwarded-For`). Null when the request did not come through a socket (in-process
 * calls).
 */
export function clientIp(c: Context<AppEnv>): string | null {
  const resolved = c.get("clientIp");
  if (resolved !== undefined) return resolved;
  const socket = socketAddressOf(c);
  return socket === null ? null : normalizeIp(socket);
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
