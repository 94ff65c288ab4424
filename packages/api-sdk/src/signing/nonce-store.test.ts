import { describe, expect, it } from "vitest";
import { createMemoryNonceStore } from "./nonce-store";

describe("createMemoryNonceStore", () => {
  it("answers false for a new nonce and true when the same key uses it again", async () => {
    const store = createMemoryNonceStore({ now: () => 1_000_000 });
    expect(await store.seen("AK1", "nonce-aaaaaaaaaaaa", 2_000)).toBe(false);
    expect(await store.seen("AK1", "nonce-aaaaaaaaaaaa", 2_000)).toBe(true);
  });

  it("keeps each key's nonces apart", async () => {
    const store = createMemoryNonceStore({ now: () => 1_000_000 });
    expect(await store.seen("AK1", "nonce-aaaaaaaaaaaa", 2_000)).toBe(false);
    expect(await store.seen("AK2", "nonce-aaaaaaaaaaaa", 2_000)).toBe(false);
    expect(await store.seen("AK1", "nonce-bbbbbbbbbbbb", 2_000)).toBe(false);
  });

  it("forgets a nonce after its expiry and sweeps expired entries", async () => {
    let now = 1_000_000; // ms: 1,000 s
    const store = createMemoryNonceStore({ now: () => now });
    await store.seen("AK1", "nonce-aaaaaaaaaaaa", 1_005);
    await store.seen("AK1", "nonce-bbbbbbbbbbbb", 1_100);
    now = 1_005_000; // the expiry second itself still counts
    expect(await store.seen("AK1", "nonce-aaaaaaaaaaaa", 1_010)).toBe(true);
    now = 1_005_900;
    store.sweep();
    expect(store.size).toBe(2);
    now = 1_006_000;
    store.sweep();
    expect(store.size).toBe(1);
    expect(await store.seen("AK1", "nonce-aaaaaaaaaaaa", 1_300)).toBe(false);
    expect(await store.seen("AK1", "nonce-bbbbbbbbbbbb", 1_300)).toBe(true);
  });

  it("sweeps by itself while it is used", async () => {
    let now = 1_000_000;
    const store = createMemoryNonceStore({ now: () => now });
    for (let i = 0; i < 50; i++)
      await store.seen("AK1", `nonce-${String(i).padStart(12, "0")}`, 1_001);
    expect(store.size).toBe(50);
    now = 1_002_000;
    await store.seen("AK1", "nonce-later-000000", 1_400);
    expect(store.size).toBe(1);
  });
});
