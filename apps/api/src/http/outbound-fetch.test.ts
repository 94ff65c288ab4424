import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutboundFetch, isPublicAddress, NonPublicAddressError } from "./outbound-fetch";

describe("isPublicAddress", () => {
  it("refuses loopback, private, link-local, metadata, reserved and mapped private addresses", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "64:ff9b::a00:1",
      "not an address",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("accepts public IPv4 and IPv6 addresses, mapped ones included", () => {
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});

describe("the outbound fetch", () => {
  let server: Server;
  let port: number;
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      if (request.url === "/moved") {
        response.writeHead(302, { location: "http://127.0.0.1/elsewhere" }).end();
        return;
      }
      if (request.url === "/large") {
        response.end("x".repeat(2048));
        return;
      }
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        response.setHeader("content-type", "application/json");
        response.end(JSON.stringify({ body, type: request.headers["content-type"] ?? null }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("refuses a host that resolves to a loopback address, and a loopback literal, without connecting", async () => {
    const outbound = createOutboundFetch({ allowPrivateAddresses: false, maxResponseBytes: 1024 });
    const before = seen.length;
    await expect(outbound(`http://localhost:${port}/`)).rejects.toBeInstanceOf(
      NonPublicAddressError,
    );
    await expect(outbound(`http://127.0.0.1:${port}/`)).rejects.toBeInstanceOf(
      NonPublicAddressError,
    );
    await expect(outbound(`http://[::1]:${port}/`)).rejects.toBeInstanceOf(NonPublicAddressError);
    expect(seen.length).toBe(before);
  });

  it("in development reaches a local server, posts a form body, and answers a redirect as is", async () => {
    const outbound = createOutboundFetch({ allowPrivateAddresses: true, maxResponseBytes: 1024 });
    const posted = await outbound(`http://localhost:${port}/token`, {
      method: "POST",
      body: new URLSearchParams({ grant_type: "authorization_code" }),
    });
    expect(posted.status).toBe(200);
    expect(await posted.json()).toEqual({
      body: "grant_type=authorization_code",
      type: "application/x-www-form-urlencoded;charset=UTF-8",
    });
    const moved = await outbound(`http://localhost:${port}/moved`);
    expect(moved.status).toBe(302);
    expect(seen.filter((line) => line.includes("/elsewhere"))).toEqual([]);
  });

  it("fails an answer larger than its maximum", async () => {
    const outbound = createOutboundFetch({ allowPrivateAddresses: true, maxResponseBytes: 1024 });
    await expect(outbound(`http://localhost:${port}/large`)).rejects.toThrow(/too large/);
  });

  it("keeps the first bytes of a larger answer when asked to truncate", async () => {
    const outbound = createOutboundFetch({
      allowPrivateAddresses: true,
      maxResponseBytes: 1024,
      truncateResponse: true,
    });
    const answer = await outbound(`http://localhost:${port}/large`);
    expect((await answer.arrayBuffer()).byteLength).toBe(1024);
  });

  it("checks the addresses an injected resolver answers, on the connection itself", async () => {
    const outbound = createOutboundFetch({
      allowPrivateAddresses: false,
      maxResponseBytes: 1024,
      resolveHost: () => Promise.resolve([{ address: "169.254.169.254", family: 4 }]),
    });
    const before = seen.length;
    await expect(outbound(`http://metadata.example:${port}/`)).rejects.toBeInstanceOf(
      NonPublicAddressError,
    );
    expect(seen.length).toBe(before);
  });
});
