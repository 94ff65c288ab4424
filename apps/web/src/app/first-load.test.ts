import {
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  createSelectiveBrowserI18n,
  type AppTexts,
} from "@paraphe/i18n";
import { afterEach, describe, expect, it, vi } from "vitest";
import { detectFirstLanguage } from "./first-load";

const TEXTS: AppTexts = {
  common: {
    en: () => Promise.resolve({ appName: "Paraphe" }),
    fr: () => Promise.resolve({ appName: "Paraphe" }),
  },
};

/** The language the app's i18next instance detects, as `createWebI18n` sets it up. */
async function i18nextLanguage(): Promise<string | undefined> {
  const i18n = await createSelectiveBrowserI18n({ texts: TEXTS, namespaces: [] });
  return i18n.resolvedLanguage ?? i18n.language;
}

function setNavigatorLanguages(languages: string[]) {
  vi.spyOn(window.navigator, "languages", "get").mockReturnValue(languages);
  vi.spyOn(window.navigator, "language", "get").mockReturnValue(languages[0] ?? "");
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  for (const name of [LANGUAGE_COOKIE, "other"]) {
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
  window.history.replaceState(null, "", "/");
  document.documentElement.removeAttribute("lang");
});

describe("detectFirstLanguage", () => {
  const cases: { name: string; set: () => void; expected: string }[] = [
    {
      name: "the browser's language",
      set: () => setNavigatorLanguages(["fr-FR", "en"]),
      expected: "fr",
    },
    {
      name: "the first supported browser language",
      set: () => setNavigatorLanguages(["de-DE", "fr-CA", "en"]),
      expected: "fr",
    },
    {
      name: "English when none is supported",
      set: () => setNavigatorLanguages(["de", "es"]),
      expected: "en",
    },
    {
      name: "the query parameter before the rest",
      set: () => {
        setNavigatorLanguages(["en"]);
        localStorage.setItem(LANGUAGE_STORAGE_KEY, "en");
        window.history.replaceState(null, "", "/login?lng=fr");
      },
      expected: "fr",
    },
    {
      name: "an unsupported query parameter skipped",
      set: () => {
        setNavigatorLanguages(["en"]);
        localStorage.setItem(LANGUAGE_STORAGE_KEY, "fr");
        window.history.replaceState(null, "", "/login?lng=de");
      },
      expected: "fr",
    },
    {
      name: "the last of several query parameters",
      set: () => {
        setNavigatorLanguages(["en"]);
        window.history.replaceState(null, "", "/login?lng=en&x=1&lng=fr");
      },
      expected: "fr",
    },
    {
      name: "the cookie among others",
      set: () => {
        setNavigatorLanguages(["en"]);
        document.cookie = "other=en";
        document.cookie = `${LANGUAGE_COOKIE}=fr`;
      },
      expected: "fr",
    },
    {
      name: "the cookie before storage",
      set: () => {
        setNavigatorLanguages(["en"]);
        document.cookie = `${LANGUAGE_COOKIE}=fr`;
        localStorage.setItem(LANGUAGE_STORAGE_KEY, "en");
      },
      expected: "fr",
    },
    {
      name: "the stored choice before the browser's",
      set: () => {
        setNavigatorLanguages(["en-US"]);
        localStorage.setItem(LANGUAGE_STORAGE_KEY, "fr");
      },
      expected: "fr",
    },
    {
      name: "session storage",
      set: () => {
        setNavigatorLanguages(["en-US"]);
        sessionStorage.setItem(LANGUAGE_STORAGE_KEY, "fr-BE");
      },
      expected: "fr",
    },
  ];

  for (const { name, set, expected } of cases) {
    it(`gives ${name}, as i18next does`, async () => {
      set();
      const detected = detectFirstLanguage();
      expect(detected).toBe(expected);
      expect(await i18nextLanguage()).toBe(detected);
    });
  }
});
