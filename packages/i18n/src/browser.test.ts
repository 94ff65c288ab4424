// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DETECTION_ORDER, LANGUAGE_STORAGE_KEY, createBrowserI18n } from "./browser";

type Source = (typeof DETECTION_ORDER)[number];

function clearCookies() {
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/** Removes every language hint jsdom gives by default (navigator "en-US"). */
function silenceNavigator(languages: string[] = []) {
  vi.spyOn(window.navigator, "languages", "get").mockReturnValue(languages);
  vi.spyOn(window.navigator, "language", "get").mockReturnValue(languages[0] ?? "");
}

const setSource: Record<Source, (language: string) => void> = {
  querystring: (language) => window.history.replaceState(null, "", `/?lng=${language}`),
  cookie: (language) => {
    document.cookie = `i18next=${language}; path=/`;
  },
  localStorage: (language) => localStorage.setItem(LANGUAGE_STORAGE_KEY, language),
  sessionStorage: (language) => sessionStorage.setItem(LANGUAGE_STORAGE_KEY, language),
  navigator: (language) => silenceNavigator([language]),
  htmlTag: (language) => {
    document.documentElement.lang = language;
  },
};

beforeEach(() => {
  window.history.replaceState(null, "", "/");
  clearCookies();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.removeAttribute("lang");
  silenceNavigator();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("createBrowserI18n language detection", () => {
  it("follows spec §1: query, cookie, local storage, session storage, browser language, page language", () => {
    expect(DETECTION_ORDER).toEqual([
      "querystring",
      "cookie",
      "localStorage",
      "sessionStorage",
      "navigator",
      "htmlTag",
    ]);
  });

  it.each(DETECTION_ORDER.map((source) => [source]))("detects French from %s alone", (source) => {
    setSource[source]("fr");
    expect(createBrowserI18n().language).toBe("fr");
  });

  const pairs = DETECTION_ORDER.flatMap((higher, index) =>
    DETECTION_ORDER.slice(index + 1).map((lower) => [higher, lower] as const),
  );

  it.each(pairs)("%s beats %s", (higher, lower) => {
    setSource[lower]("en");
    setSource[higher]("fr");
    expect(createBrowserI18n().language).toBe("fr");

    localStorage.clear();
    setSource[lower]("fr");
    setSource[higher]("en");
    expect(createBrowserI18n().language).toBe("en");
  });

  it("caches the detected language in local storage", () => {
    setSource.querystring("fr");
    createBrowserI18n();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("fr");
  });

  it("caches a language chosen later, which then wins over the browser language", async () => {
    silenceNavigator(["fr-FR"]);
    const first = createBrowserI18n();
    expect(first.language).toBe("fr");
    await first.changeLanguage("en");
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("en");
    expect(createBrowserI18n().language).toBe("en");
  });

  it("falls back to English when no source names a supported language", () => {
    setSource.querystring("de");
    silenceNavigator(["de-DE", "es"]);
    const i18n = createBrowserI18n();
    expect(i18n.language).toBe("en");
    expect(i18n.t("notFound.title")).toBe("Page not found");
  });

  it("falls back to English when nothing at all is known", () => {
    expect(createBrowserI18n().language).toBe("en");
  });

  it("takes the first supported language of the browser's list", () => {
    silenceNavigator(["de-DE", "fr-FR", "en-US"]);
    expect(createBrowserI18n().language).toBe("fr");
  });

  it("reduces a region variant to its language: fr-FR and fr-CA are French", () => {
    silenceNavigator(["fr-FR"]);
    const i18n = createBrowserI18n();
    expect(i18n.language).toBe("fr");
    expect(i18n.t("notFound.title")).toBe("Page introuvable");
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("fr");

    localStorage.clear();
    setSource.querystring("fr-CA");
    expect(createBrowserI18n().language).toBe("fr");
  });

  it("ignores a query value that is not a language code", () => {
    window.history.replaceState(
      null,
      "",
      `/?lng=${encodeURIComponent('"><script>alert(1)</script>')}`,
    );
    silenceNavigator(["fr"]);
    expect(createBrowserI18n().language).toBe("fr");
  });

  it("skips detection when a language is given", () => {
    setSource.querystring("fr");
    const i18n = createBrowserI18n({ language: "en" });
    expect(i18n.language).toBe("en");
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });
});

describe("createBrowserI18n", () => {
  it("is ready as soon as it returns, with every namespace", () => {
    const i18n = createBrowserI18n({ language: "fr" });
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.t("web:nav.inbox")).toBe("Boîte de réception");
    expect(i18n.t("security:attestation.verified")).toBe("Vérifié");
  });

  it("keeps <html lang> in step with the language", async () => {
    setSource.querystring("fr");
    const i18n = createBrowserI18n();
    expect(document.documentElement.lang).toBe("fr");
    await i18n.changeLanguage("en");
    expect(document.documentElement.lang).toBe("en");
  });

  it("does not HTML-escape interpolated values (React escapes them)", () => {
    const i18n = createBrowserI18n({ language: "en" });
    expect(i18n.t("documentTitle", { title: "Tom & Léa" })).toBe("Tom & Léa · Paraphe");
  });
});
