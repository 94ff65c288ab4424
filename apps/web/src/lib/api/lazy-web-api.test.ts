import type { TunnelClient } from "@paraphe/tunnel-client";
import { describe, expect, it, vi } from "vitest";
import type { WebApi } from "./create-web-api";
import { createLazyWebApi } from "./lazy-web-api";

function fakeApi() {
  const tunnel = {
    ensureOpen: vi.fn(() => Promise.resolve()),
    isOpen: vi.fn(() => true),
    destroy: vi.fn(),
    reset: vi.fn(),
    getLastAttestation: vi.fn(() => null),
  };
  const profile = vi.fn((input: unknown) => Promise.resolve({ input }));
  const call = vi.fn(() => Promise.resolve("called"));
  const api = { user: { profile }, call, tunnel: tunnel as unknown as TunnelClient };
  return { api: api as unknown as WebApi, tunnel, profile, call };
}

describe("the api client while its chunk loads", () => {
  it("asks for the client at once and makes each call on it once it is there", async () => {
    const fake = fakeApi();
    let arrive: (api: WebApi) => void = () => undefined;
    const load = vi.fn(() => new Promise<WebApi>((resolve) => (arrive = resolve)));
    const api = createLazyWebApi(load);
    expect(load).toHaveBeenCalledTimes(1);

    const answer = api.user.profile({});
    expect(api.user.profile).toBe(api.user.profile);
    arrive(fake.api);
    await expect(answer).resolves.toEqual({ input: {} });
    expect(fake.profile).toHaveBeenCalledWith({}, undefined);
    await api.tunnel.ensureOpen();
    expect(fake.tunnel.ensureOpen).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("has no tunnel session to drop before the client is there, and drops the client's after", async () => {
    const fake = fakeApi();
    const api = createLazyWebApi(() => Promise.resolve(fake.api));
    expect(api.tunnel.isOpen()).toBe(false);
    api.tunnel.destroy();
    api.tunnel.reset();
    expect(fake.tunnel.destroy).not.toHaveBeenCalled();

    await api.tunnel.ensureOpen();
    expect(api.tunnel.isOpen()).toBe(true);
    api.tunnel.destroy();
    api.tunnel.reset();
    expect(fake.tunnel.destroy).toHaveBeenCalledTimes(1);
    expect(fake.tunnel.reset).toHaveBeenCalledTimes(1);
  });

  it("asks again for a chunk that failed to load, at the next call", async () => {
    const fake = fakeApi();
    const load = vi
      .fn<() => Promise<WebApi>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValue(fake.api);
    const api = createLazyWebApi(load);
    await expect(api.user.profile({})).rejects.toThrow("dynamically imported");
    await expect(api.user.profile({})).resolves.toEqual({ input: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("is not taken for a promise", async () => {
    const fake = fakeApi();
    const api = createLazyWebApi(() => Promise.resolve(fake.api));
    expect((api as unknown as { then?: unknown }).then).toBeUndefined();
    await expect(Promise.resolve(api)).resolves.toBe(api);
    await expect(api.call({} as never, {} as never)).resolves.toBe("called");
  });
});

describe("the api client once its chunk is there", () => {
  it("makes a call at once, as the client does (its credential is read now)", async () => {
    const fake = fakeApi();
    const api = createLazyWebApi(() => Promise.resolve(fake.api));
    await api.tunnel.ensureOpen();
    void api.user.profile({});
    expect(fake.profile).toHaveBeenCalledTimes(1);
  });
});
