import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CHUNK_LOAD_FAILURE_ID,
  installPageChunkLoadGuard,
  pageChunkLoadGuard,
  pickMessageLanguage,
  showChunkLoadFailure,
} from "./page-chunk-load-guard";

const messages = {
  en: { title: "Paraphe could not be loaded", description: "Reload the page.", reload: "Reload" },
  fr: {
    title: "Paraphe n’a pas pu être chargé",
    description: "Rechargez la page.",
    reload: "Recharger",
  },
};

afterEach(() => {
  document.getElementById(CHUNK_LOAD_FAILURE_ID)?.remove();
  pageChunkLoadGuard()?.dispose();
  delete (window as unknown as Record<string, unknown>).__paraphe_chunkLoadGuard;
  window.localStorage.clear();
  window.history.replaceState(null, "", "/");
});

describe("showChunkLoadFailure", () => {
  it("shows a visible alert with the texts and a reload button", () => {
    const reload = vi.fn();
    const panel = showChunkLoadFailure(messages.en, document, reload);
    expect(panel).toHaveAttribute("role", "alert");
    expect(panel).toHaveTextContent("Paraphe could not be loaded");
    expect(panel).toHaveTextContent("Reload the page.");
    panel.querySelector("button")?.click();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("shows one message however often it is called", () => {
    showChunkLoadFailure(messages.en, document, () => {});
    showChunkLoadFailure(messages.en, document, () => {});
    expect(document.querySelectorAll(`#${CHUNK_LOAD_FAILURE_ID}`)).toHaveLength(1);
  });
});

describe("pickMessageLanguage", () => {
  it("prefers the lng query parameter, then the cached language", () => {
    window.history.replaceState(null, "", "/?lng=fr");
    expect(pickMessageLanguage(messages)).toBe("fr");
    window.history.replaceState(null, "", "/");
    window.localStorage.setItem("i18nextLng", "fr");
    expect(pickMessageLanguage(messages)).toBe("fr");
  });

  it("falls back to English for a language without messages", () => {
    window.history.replaceState(null, "", "/?lng=de");
    window.localStorage.setItem("i18nextLng", "es");
    expect(pickMessageLanguage(messages)).toBe("en");
    expect(pickMessageLanguage({ en: messages.en })).toBe("en");
  });
});

describe("installPageChunkLoadGuard", () => {
  it("installs one guard per page and makes it available to error boundaries", () => {
    const guard = installPageChunkLoadGuard(messages);
    expect(installPageChunkLoadGuard(messages)).toBe(guard);
    expect(pageChunkLoadGuard()).toBe(guard);
  });

  it("shows the French message when giving up on a French page", () => {
    window.history.replaceState(null, "", "/?lng=fr");
    const now = Date.now();
    window.localStorage.setItem("paraphe.chunkReloads", JSON.stringify([now, now, now]));
    const guard = installPageChunkLoadGuard(messages);
    expect(
      guard.handleError(new TypeError("Failed to fetch dynamically imported module: /assets/a.js")),
    ).toBe(true);
    expect(document.getElementById(CHUNK_LOAD_FAILURE_ID)).toHaveTextContent(
      "Paraphe n’a pas pu être chargé",
    );
  });
});
