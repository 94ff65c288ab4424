import { isIP } from "node:net";

/**
 * The network a client address is counted under by per-address limits (the tunnel's quotas, the
 * sign-in codes' rate limits): an IPv4 address as it is, an IPv6 address by its /64 prefix (one
 * host usually holds a whole /64, and could otherwise take a new address for every try).
 */
export function addressPrefix(address: string): string {
  if (isIP(address) !== 6) return address;
  const groups = expandIpv6(address);
  return `${groups.slice(0, 4).join(":")}::/64`;
}

/** The eight groups of an IPv6 address (lower case, without leading zeros). */
function expandIpv6(address: string): string[] {
  const [head = "", tail] = address.toLowerCase().split("::");
  const parse = (part: string): string[] => {
    if (part === "") return [];
    const groups: string[] = [];
    for (const group of part.split(":")) {
      if (group.includes(".")) {
        // An embedded IPv4 address is the last 32 bits: two groups.
        const [a = 0, b = 0, c = 0, d = 0] = group.split(".").map(Number);
        groups.push(((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
      } else {
        groups.push(Number.parseInt(group, 16).toString(16));
      }
    }
    return groups;
  };
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
}
