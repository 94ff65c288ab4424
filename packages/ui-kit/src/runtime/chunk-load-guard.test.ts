import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CHUNK_RELOAD_LIMIT,
  CHUNK_RELOAD_STORAGE_KEY,
  CHUNK_RELOAD_WINDOW_MS,
  installChunkLoadGuard,
  isChunkLoadError,
  type ChunkLoadGuard,
} from "./chunk-load-guard";

class MemoryStorage {
  readonly data = new Map<string, string>();
  getItem(key: string): string | null {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.data.set(key, value);
  }
}

const START = Date.UTC(2026, 10, 22, 12, 0, 0);
const guards: ChunkLoadGuard[] = [];

/** One page life: a fresh guard (as after a reload) sharing the storage and the clock. */
function pageLoad(storage: MemoryStorage, clock: { now: number }) {
  const reload = vi.fn();
  const onGiveUp = vi.fn();
  const guard = installChunkLoadGuard({ storage, now: () => clock.now, reload, onGiveUp });
  guards.push(guard);
  return { reload, onGiveUp, guard };
}

function failScript(src = "/assets/index-3f9a1c.js") {
  const script = document.createElement("script");
  script.src = src;
  document.head.append(script);
  script.dispatchEvent(new Event("error"));
  script.remove();
}

afterEach(() => {
  for (const guard of guards.splice(0)) guard.dispose();
});

describe("installChunkLoadGuard", () => {
  it("uses the spec's limits: 3 reloads per 60 seconds", () => {
    expect(CHUNK_RELOAD_LIMIT).toBe(3);
    expect(CHUNK_RELOAD_WINDOW_MS).toBe(60_000);
    expect(CHUNK_RELOAD_STORAGE_KEY).toBe("paraphe.chunkReloads");
  });

  it("reloads when a script under /assets/ fails to load, and records the time", () => {
    const storage = new MemoryStorage();
    const page = pageLoad(storage, { now: START });
    failScript();
    expect(page.reload).toHaveBeenCalledTimes(1);
    expect(page.onGiveUp).not.toHaveBeenCalled();
    expect(JSON.parse(storage.getItem(CHUNK_RELOAD_STORAGE_KEY) ?? "null")).toEqual([START]);
  });

  it("reloads when a stylesheet link under /assets/ fails", () => {
    const page = pageLoad(new MemoryStorage(), { now: START });
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = "/assets/index-77aa.css";
    document.head.append(link);
    link.dispatchEvent(new Event("error"));
    link.remove();
    expect(page.reload).toHaveBeenCalledTimes(1);
  });

  it("reloads at most 3 times within 60 seconds, then gives up on the 4th failure", () => {
    const storage = new MemoryStorage();
    const clock = { now: START };
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const page = pageLoad(storage, clock);
      failScript();
      expect(page.reload, `reload ${attempt}`).toHaveBeenCalledTimes(1);
      expect(page.onGiveUp).not.toHaveBeenCalled();
      clock.now += 10_000;
    }
    const fourth = pageLoad(storage, clock);
    failScript();
    expect(fourth.reload).not.toHaveBeenCalled();
    expect(fourth.onGiveUp).toHaveBeenCalledTimes(1);
    expect(fourth.onGiveUp).toHaveBeenCalledWith({
      kind: "asset",
      url: expect.stringContaining("/assets/index-3f9a1c.js"),
    });
  });

  it("lets old entries expire: a failure 60 s after the first reload may reload again", () => {
    const storage = new MemoryStorage();
    const clock = { now: START };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      pageLoad(storage, clock);
      failScript();
      clock.now += 1_000;
    }
    // 59 s after the first reload the three reloads still count.
    clock.now = START + CHUNK_RELOAD_WINDOW_MS - 1;
    const early = pageLoad(storage, clock);
    failScript();
    expect(early.onGiveUp).toHaveBeenCalledTimes(1);

    // At 60 s the first one has expired.
    clock.now = START + CHUNK_RELOAD_WINDOW_MS;
    const later = pageLoad(storage, clock);
    failScript();
    expect(later.reload).toHaveBeenCalledTimes(1);
    expect(JSON.parse(storage.getItem(CHUNK_RELOAD_STORAGE_KEY) ?? "[]")).toEqual([
      START + 1_000,
      START + 2_000,
      START + CHUNK_RELOAD_WINDOW_MS,
    ]);
  });

  it("reloads only once per page however many chunks fail", () => {
    const page = pageLoad(new MemoryStorage(), { now: START });
    failScript("/assets/a.js");
    failScript("/assets/b.js");
    window.dispatchEvent(new Event("vite:preloadError"));
    expect(page.reload).toHaveBeenCalledTimes(1);
  });

  it("ignores unrelated errors: scripts outside /assets/, images, script errors, other rejections", () => {
    const page = pageLoad(new MemoryStorage(), { now: START });
    failScript("https://cdn.example.com/widget.js");
    failScript("/vendor/assets-like.js");
    const image = document.createElement("img");
    image.src = "/assets/logo.png";
    document.body.append(image);
    image.dispatchEvent(new Event("error"));
    image.remove();
    window.dispatchEvent(new ErrorEvent("error", { message: "TypeError: x is undefined" }));
    const rejection = new Event("unhandledrejection") as Event & { reason?: unknown };
    rejection.reason = new Error("Network request failed");
    window.dispatchEvent(rejection);
    expect(page.reload).not.toHaveBeenCalled();
    expect(page.onGiveUp).not.toHaveBeenCalled();
  });

  it("reloads on Vite's preload error and prevents Vite from rethrowing", () => {
    const page = pageLoad(new MemoryStorage(), { now: START });
    const event = new Event("vite:preloadError", { cancelable: true });
    window.dispatchEvent(event);
    expect(page.reload).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
  });

  it("reloads on an unhandled failed dynamic import", () => {
    const page = pageLoad(new MemoryStorage(), { now: START });
    const event = new Event("unhandledrejection") as Event & { reason?: unknown };
    event.reason = new TypeError(
      "Failed to fetch dynamically imported module: https://app/assets/x.js",
    );
    window.dispatchEvent(event);
    expect(page.reload).toHaveBeenCalledTimes(1);
  });

  it("handles errors caught by a router through handleError", () => {
    const page = pageLoad(new MemoryStorage(), { now: START });
    expect(page.guard.handleError(new Error("Some render bug"))).toBe(false);
    expect(page.reload).not.toHaveBeenCalled();
    expect(page.guard.handleError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(page.reload).toHaveBeenCalledTimes(1);
  });

  it("gives up rather than risk a reload loop when storage fails", () => {
    const reload = vi.fn();
    const onGiveUp = vi.fn();
    guards.push(
      installChunkLoadGuard({
        storage: {
          getItem: () => null,
          setItem: () => {
            throw new Error("QuotaExceededError");
          },
        },
        reload,
        onGiveUp,
      }),
    );
    failScript();
    expect(reload).not.toHaveBeenCalled();
    expect(onGiveUp).toHaveBeenCalledTimes(1);
  });

  it("treats corrupt stored data as no previous reloads", () => {
    const storage = new MemoryStorage();
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, "{not json");
    const page = pageLoad(storage, { now: START });
    failScript();
    expect(page.reload).toHaveBeenCalledTimes(1);
  });

  it("stops listening after dispose", () => {
    const page = pageLoad(new MemoryStorage(), { now: START });
    page.guard.dispose();
    failScript();
    expect(page.reload).not.toHaveBeenCalled();
  });
});

describe("isChunkLoadError", () => {
  it("recognises the dynamic-import failures of Chromium, Safari and Firefox", () => {
    expect(
      isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/a.js")),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(
      isChunkLoadError(new TypeError("error loading dynamically imported module: /assets/a.js")),
    ).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError({ message: "Failed to fetch dynamically imported module" })).toBe(
      false,
    );
  });
});
