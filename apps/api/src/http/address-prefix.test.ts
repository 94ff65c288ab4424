import { describe, expect, it } from "vitest";
import { addressPrefix } from "./address-prefix";

describe("addressPrefix", () => {
  it("keeps an IPv4 address and counts an IPv6 address by its /64", () => {
    expect(addressPrefix("203.0.113.7")).toBe("203.0.113.7");
    expect(addressPrefix("2001:db8:0:1::7")).toBe("2001:db8:0:1::/64");
    expect(addressPrefix("2001:0db8:0000:0001:ffff:0:0:9")).toBe("2001:db8:0:1::/64");
    expect(addressPrefix("::1")).toBe("0:0:0:0::/64");
    expect(addressPrefix("64:ff9b::192.0.2.33")).toBe("64:ff9b:0:0::/64");
  });
});
