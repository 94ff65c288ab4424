import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * Address ranges a request made on behalf of a team (an identity provider's discovery, token and
 * key set; webhook deliveries) must never reach outside development: the api's own host and network,
 * the cloud metadata service, and addresses that are not routable on the internet.
 */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, "ipv6");
}

/** The IPv4 address an IPv6 address carries (IPv4-mapped `::ffff:a.b.c.d` or NAT64 `64:ff9b::`). */
function embeddedIpv4(address: string): string | undefined {
  const match =
    /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(
      address,
    );
  if (match === null) return undefined;
  if (match[1] !== undefined) return match[1];
  const high = Number.parseInt(match[2] ?? "0", 16);
  const low = Number.parseInt(match[3] ?? "0", 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** Whether `address` (an IP literal) is a public internet address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return !NON_PUBLIC.check(address, "ipv4");
  const inner = embeddedIpv4(address);
  if (inner !== undefined) return isPublicAddress(inner);
  return !NON_PUBLIC.check(address, "ipv6");
}

/** The error of a request refused because its host resolves to a non-public address. */
export class NonPublicAddressError extends Error {
  constructor(readonly hostname: string) {
    super(`${hostname} resolves to an address that is not public`);
    this.name = "NonPublicAddressError";
  }
}

/** Resolves a host name to every address it has (`dns.lookup` with `all`; tests inject theirs). */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

/** The system resolver (`dns.lookup`, every address). */
export const systemResolveHost: ResolveHost = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true }, (error, addresses: LookupAddress[]) => {
      if (error) reject(error);
      else resolve(addresses);
    });
  });

/**
 * The public addresses of `hostname` (an IP literal stands for itself); throws
 * `NonPublicAddressError` when it has none or any of them is not public.
 */
export async function resolvePublicAddresses(
  hostname: string,
  resolveHost: ResolveHost = systemResolveHost,
): Promise<LookupAddress[]> {
  const bare = hostname.replace(/^\[|\]$/g, "");
  const family = isIP(bare);
  const addresses = family === 0 ? await resolveHost(bare) : [{ address: bare, family }];
  if (addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address))) {
    throw new NonPublicAddressError(bare);
  }
  return addresses;
}

/**
 * A DNS lookup for `http(s).request` that refuses a host when any of its addresses is not public.
 * The connection goes to the address checked here, so a name that resolves differently on a second
 * lookup (DNS rebinding) cannot slip through.
 */
export function publicOnlyLookupWith(resolveHost: ResolveHost): LookupFunction {
  return (hostname, options, callback) => {
    resolvePublicAddresses(hostname, resolveHost).then(
      (addresses) => {
        const first = addresses[0] as LookupAddress;
        if (options.all) {
          (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(
            null,
            addresses,
          );
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, "", 0),
    );
  };
}

/** `publicOnlyLookupWith` the system resolver. */
export const publicOnlyLookup: LookupFunction = publicOnlyLookupWith(systemResolveHost);

export interface OutboundFetchOptions {
  /** Development and tests: local addresses allowed (a provider or receiver on this machine). */
  allowPrivateAddresses: boolean;
  /** The largest answer body read; a larger one fails the request (unless `truncateResponse`). */
  maxResponseBytes: number;
  /** Keep the first `maxResponseBytes` of a larger answer instead of failing (webhook receipts). */
  truncateResponse?: boolean;
  /** How host names are resolved before the check (the system resolver by default). */
  resolveHost?: ResolveHost;
}

/**
 * A `fetch` for requests made on behalf of a team to an address the team chose: it refuses hosts
 * that resolve to non-public addresses (checked at connection time), never follows redirects
 * (a 3xx is answered as is) and reads at most `maxResponseBytes` of the answer. Same signature as
 * `fetch` for a URL and the options the callers use (method, headers, string or bytes body,
 * signal), so it can be handed to libraries that accept a custom fetch (openid-client).
 */
export function createOutboundFetch(options: OutboundFetchOptions) {
  return async (
    url: string | URL,
    init: {
      method?: string;
      headers?: Record<string, string> | Headers;
      body?:
        ArrayBuffer | ReadableStream | string | Uint8Array | URLSearchParams | null | undefined;
      signal?: AbortSignal | null | undefined;
    } = {},
  ): Promise<Response> => {
    const target = new URL(url);
    if (target.protocol !== "https:" && target.protocol !== "http:") {
      throw new TypeError(`unsupported protocol ${target.protocol}`);
    }
    const hostname = target.hostname.replace(/^\[|\]$/g, "");
    if (!options.allowPrivateAddresses && isIP(hostname) !== 0 && !isPublicAddress(hostname)) {
      throw new NonPublicAddressError(hostname);
    }
    const headers: Record<string, string> = {};
    new Headers(init.headers ?? {}).forEach((value, key) => (headers[key] = value));
    if (init.body instanceof ReadableStream)
      throw new TypeError("a streamed body is not supported");
    const body =
      init.body === undefined || init.body === null
        ? undefined
        : init.body instanceof URLSearchParams
          ? init.body.toString()
          : init.body instanceof ArrayBuffer
            ? Buffer.from(init.body)
            : init.body;
    if (body !== undefined && init.body instanceof URLSearchParams && !headers["content-type"]) {
      headers["content-type"] = "application/x-www-form-urlencoded;charset=UTF-8";
    }
    const send = target.protocol === "https:" ? httpsRequest : httpRequest;
    return new Promise<Response>((resolve, reject) => {
      const request = send(
        target,
        {
          method: init.method ?? "GET",
          headers,
          ...(options.allowPrivateAddresses
            ? {}
            : { lookup: publicOnlyLookupWith(options.resolveHost ?? systemResolveHost) }),
          ...(init.signal ? { signal: init.signal } : {}),
        },
        (response: IncomingMessage) => {
          const chunks: Buffer[] = [];
          let size = 0;
          let finished = false;
          const finish = () => {
            if (finished) return;
            finished = true;
            const answerHeaders = new Headers();
            for (const [key, value] of Object.entries(response.headers)) {
              if (value === undefined) continue;
              for (const item of Array.isArray(value) ? value : [value]) {
                answerHeaders.append(key, item);
              }
            }
            const status = response.statusCode ?? 502;
            const withoutBody = status === 204 || status === 304;
            resolve(
              new Response(withoutBody ? null : Buffer.concat(chunks), {
                status,
                statusText: response.statusMessage ?? "",
                headers: answerHeaders,
              }),
            );
          };
          response.on("data", (chunk: Buffer) => {
            if (finished) return;
            const room = options.maxResponseBytes - size;
            size += chunk.byteLength;
            if (chunk.byteLength > room) {
              if (options.truncateResponse !== true) {
                response.destroy(new Error("the answer is too large"));
                return;
              }
              chunks.push(chunk.subarray(0, room));
              finish();
              response.destroy();
              return;
            }
            chunks.push(chunk);
          });
          response.on("error", (error) => {
            if (!finished) reject(error);
          });
          response.on("end", finish);
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  };
}
