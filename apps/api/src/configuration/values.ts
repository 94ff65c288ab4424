import { isIP } from "node:net";
import { z } from "zod";

/**
 * The value checks of the configuration's variables: each takes the variable's text (trimmed, never
 * blank: an unset or blank variable takes its default first) and gives the value the api uses. A
 * message never repeats the value: it may hold a password.
 */

/** Bounds of the tunnel lifetimes, in seconds (1 second to 30 days). */
export const MAX_TUNNEL_LIFETIME_SECONDS = 30 * 24 * 3600;

/** Bound of the sign-in session lifetimes, in seconds (366 days). */
export const MAX_SESSION_LIFETIME_SECONDS = 366 * 24 * 3600;

/** One of `values`, with the message naming what each means. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { message });
}

/** `1` or `0`, as a boolean. */
export function flag(message: string) {
  return z.enum(["0", "1"], { message }).transform((value) => value === "1");
}

/** A whole number from `min` to `max`. */
export function wholeNumber(min: number, max: number) {
  return z
    .string()
    .refine((value) => /^\d{1,12}$/.test(value) && Number(value) >= min && Number(value) <= max, {
      message: `must be a whole number from ${min} to ${max}`,
    })
    .transform(Number);
}

/** A tunnel lifetime in seconds. */
export function tunnelSeconds() {
  return z
    .string()
    .refine(
      (value) =>
        /^\d{1,8}$/.test(value) &&
        Number(value) >= 1 &&
        Number(value) <= MAX_TUNNEL_LIFETIME_SECONDS,
      { message: `must be a whole number of seconds from 1 to ${MAX_TUNNEL_LIFETIME_SECONDS}` },
    )
    .transform(Number);
}

/** A TCP port (0: any free port). */
export function port() {
  return z
    .string()
    .refine((value) => /^\d{1,5}$/.test(value) && Number(value) <= 65535, {
      message: "must be a whole number from 0 to 65535",
    })
    .transform(Number);
}

export function isHttpUrl(value: string): boolean {
  const url = URL.parse(value);
  return (
    url !== null && (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== ""
  );
}

/** An http(s) address, without its trailing slashes. */
export function httpUrl(example = "http://localhost:3000") {
  return z
    .string()
    .refine(isHttpUrl, {
      message: `must be an http:// or https:// address, for example ${example}`,
    })
    .transform((value) => value.replace(/\/+$/, ""));
}

/** A URL of one of `protocols` (a database or mail server, which may carry a password). */
export function urlWithProtocols(protocols: readonly string[], example: string) {
  return z.string().refine(
    (value) => {
      const url = URL.parse(value);
      return url !== null && protocols.includes(url.protocol) && url.hostname !== "";
    },
    {
      message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}, for example ${example}`,
    },
  );
}

/** A comma-separated list read by `parse` (undefined: an entry is wrong), with what it must be. */
export function list<T>(
  parse: (value: string) => T[] | undefined,
  message: string,
  maxLength = 10_000,
) {
  return z
    .string()
    .max(maxLength, { message: `must be at most ${maxLength} characters` })
    .refine((value) => parse(value) !== undefined, { message })
    .transform((value) => parse(value) ?? []);
}

/**
 * `DNS_RESOLVER` as `host:port` entries for node:dns `Resolver.setServers` (`1.1.1.1`,
 * `1.1.1.1:5353`, `[::1]:53`), or undefined when an entry is not an IP address with an optional port.
 */
export function parseDnsResolvers(value: string): string[] | undefined {
  const servers: string[] = [];
  for (const part of value.split(",")) {
    const entry = part.trim();
    const match = /^(?:\[([0-9a-fA-F:.]+)\]|([0-9.]+)|([0-9a-fA-F:]+))(?::(\d{1,5}))?$/.exec(entry);
    const bracketed = match?.[1];
    const host = bracketed ?? match?.[2] ?? match?.[3];
    if (host === undefined || isIP(host) === 0) return undefined;
    // A bare IPv6 address takes no port: `::1:53` is an address.
    const port = match?.[4];
    if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return undefined;
    const family = isIP(host);
    servers.push(
      port === undefined ? host : family === 6 ? `[${host}]:${port}` : `${host}:${port}`,
    );
  }
  return servers.length > 0 ? servers : undefined;
}

/** `key:secret,key:secret` as a map, or undefined when malformed or a key repeats. */
export function parseAppCredentials(value: string): Map<string, string> | undefined {
  const map = new Map<string, string>();
  for (const pair of value.split(",")) {
    const match = /^\s*([A-Za-z0-9._-]{3,64}):([^\s,]{8,256})\s*$/.exec(pair);
    if (!match?.[1] || !match[2] || map.has(match[1])) return undefined;
    map.set(match[1], match[2]);
  }
  return map.size > 0 ? map : undefined;
}

/** `SUPPORT_OPERATORS` as lower-case email addresses, or undefined when an entry is not one. */
export function parseEmails(value: string): string[] | undefined {
  const emails = new Set<string>();
  for (const entry of value.split(",").map((part) => part.trim().toLowerCase())) {
    if (!z.email({ pattern: z.regexes.unicodeEmail }).safeParse(entry).success) return undefined;
    emails.add(entry);
  }
  return [...emails];
}

/**
 * `CORS_ORIGINS` as a list of origins (scheme, host and port only: `https://tools.example.com`), or
 * undefined when an entry is not one.
 */
export function parseOrigins(value: string): string[] | undefined {
  const origins: string[] = [];
  for (const entry of value.split(",").map((part) => part.trim())) {
    if (entry === "" || !isHttpUrl(entry)) return undefined;
    const origin = new URL(entry).origin;
    if (origin !== entry.replace(/\/$/, "")) return undefined;
    origins.push(origin);
  }
  return origins;
}

/**
 * `TRUSTED_PROXIES` as a list of IP addresses and CIDR ranges (`10.0.0.0/8`, `fd00::/8`), or
 * undefined when an entry is neither.
 */
export function parseTrustedProxies(value: string): string[] | undefined {
  const entries: string[] = [];
  for (const part of value.split(",")) {
    const entry = part.trim();
    const [address = "", prefix, ...rest] = entry.split("/");
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return undefined;
    if (prefix !== undefined) {
      const bits = family === 4 ? 32 : 128;
      if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) return undefined;
    }
    entries.push(entry);
  }
  return entries;
}

/** A base64 key of exactly 32 bytes, or undefined. */
export function decodeMasterKey(value: string): Buffer | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return undefined;
  const key = Buffer.from(value, "base64");
  return key.length === 32 ? key : undefined;
}
