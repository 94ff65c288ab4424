// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLazyBrowserI18n, createSelectiveBrowserI18n, type AppTexts } from "./browser-lazy";
import { LANGUAGE_STORAGE_KEY } from "./browser-options";
import { SUPPORTED_LANGUAGES } from "./languages";
import { loadNamespace } from "./resources/load";
import { NAMESPACES } from "./resources/namespaces";
import { resources } from "./resources";
import { commonTexts, securityTexts, webTexts, type NamespaceTexts } from "./resources/texts";

function silenceNavigator(languages: string[] = []) {
  vi.spyOn(window.navigator, "languages", "get").mockReturnValue(languages);
  vi.spyOn(window.navigator, "language", "get").mockReturnValue(languages[0] ?? "");
}

/** The languages whose texts of a namespace the instance holds. */
function loadedLanguages(
  i18n: Awaited<ReturnType<typeof createLazyBrowserI18n>>,
  namespace: string,
) {
  return SUPPORTED_LANGUAGES.filter((language) => i18n.hasResourceBundle(language, namespace));
}

beforeEach(() => {
  window.history.replaceState(null, "", "/");
  localStorage.clear();
  document.documentElement.removeAttribute("lang");
  silenceNavigator();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("loadNamespace", () => {
  it("gives each language's namespace exactly as the bundled resources hold it", async () => {
    for (const language of SUPPORTED_LANGUAGES) {
      for (const namespace of NAMESPACES) {
        expect(await loadNamespace(language, namespace)).toBe(resources[language][namespace]);
      }
    }
  });

  it("rejects a language or a namespace Paraphe does not have", async () => {
    await expect(loadNamespace("de" as "en", "sign")).rejects.toThrow(/no namespace/);
    await expect(loadNamespace("en", "toString" as "sign")).rejects.toThrow(/no namespace/);
  });
});

describe("createLazyBrowserI18n", () => {
  it("resolves translated, with only the asked namespaces of the detected language", async () => {
    window.history.replaceState(null, "", "/?lng=fr");
    const i18n = await createLazyBrowserI18n({ namespaces: ["sign"] });
    expect(i18n.language).toBe("fr");
    expect(i18n.t("sign:subtitle")).toBe(resources.fr.sign.subtitle);
    expect(i18n.t("notFound.title")).toBe("Page introuvable");
    expect(loadedLanguages(i18n, "sign")).toEqual(["fr"]);
    expect(loadedLanguages(i18n, "common")).toEqual(["fr"]);
    expect(loadedLanguages(i18n, "web")).toEqual([]);
    expect(document.documentElement.lang).toBe("fr");
  });

  it("downloads the other language when switched to it, before the texts change", async () => {
    const i18n = await createLazyBrowserI18n({ namespaces: ["sign"] });
    expect(i18n.language).toBe("en");
    expect(loadedLanguages(i18n, "sign")).toEqual(["en"]);
    await i18n.changeLanguage("fr");
    expect(i18n.t("sign:subtitle")).toBe(resources.fr.sign.subtitle);
    expect(loadedLanguages(i18n, "sign")).toEqual(["en", "fr"]);
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("fr");
  });

  it("falls back to English for a language Paraphe does not speak", async () => {
    window.history.replaceState(null, "", "/?lng=de");
    silenceNavigator(["de-DE"]);
    const i18n = await createLazyBrowserI18n({ namespaces: ["sign"] });
    expect(i18n.language).toBe("en");
    expect(i18n.t("sign:subtitle")).toBe(resources.en.sign.subtitle);
  });

  it("takes a given language without detection", async () => {
    window.history.replaceState(null, "", "/?lng=en");
    const i18n = await createLazyBrowserI18n({ namespaces: [], language: "fr" });
    expect(i18n.language).toBe("fr");
    expect(i18n.t("notFound.title")).toBe("Page introuvable");
  });
});

describe("createSelectiveBrowserI18n", () => {
  /** The texts of `common`, `web` and `security`, each download counted per language and namespace. */
  function countedTexts() {
    const downloads: string[] = [];
    const counted = (namespace: string, texts: NamespaceTexts): NamespaceTexts => ({
      en: () => (downloads.push(`en/${namespace}`), texts.en()),
      fr: () => (downloads.push(`fr/${namespace}`), texts.fr()),
    });
    const texts: AppTexts = {
      common: counted("common", commonTexts),
      web: counted("web", webTexts),
      security: counted("security", securityTexts),
    };
    return { texts, downloads };
  }

  it("downloads the first namespaces of the detected language only, the others when asked", async () => {
    window.history.replaceState(null, "", "/?lng=fr");
    const { texts, downloads } = countedTexts();
    const i18n = await createSelectiveBrowserI18n({ texts, namespaces: ["web"] });
    expect(i18n.t("web:nav.dashboard")).toBe(resources.fr.web.nav.dashboard);
    expect(downloads.sort()).toEqual(["fr/common", "fr/web"]);

    await i18n.loadNamespaces("security");
    expect(i18n.t("security:attestation.explanation.tunnel")).toBe(
      resources.fr.security.attestation.explanation.tunnel,
    );
    expect(downloads.sort()).toEqual(["fr/common", "fr/security", "fr/web"]);
    expect(loadedLanguages(i18n, "security")).toEqual(["fr"]);
  });

  it("downloads the other language's loaded namespaces once, when switched to it", async () => {
    const { texts, downloads } = countedTexts();
    const i18n = await createSelectiveBrowserI18n({ texts, namespaces: ["web"] });
    expect(downloads.sort()).toEqual(["en/common", "en/web"]);
    await i18n.changeLanguage("fr");
    expect(i18n.t("web:nav.dashboard")).toBe(resources.fr.web.nav.dashboard);
    await i18n.changeLanguage("en");
    await i18n.changeLanguage("fr");
    expect(downloads.sort()).toEqual(["en/common", "en/web", "fr/common", "fr/web"]);
  });

  it("loads no namespace the app did not name", async () => {
    const { texts, downloads } = countedTexts();
    const i18n = await createSelectiveBrowserI18n({ texts, namespaces: [] });
    await i18n.loadNamespaces("sign");
    expect(loadedLanguages(i18n, "sign")).toEqual([]);
    expect(downloads).toEqual(["en/common"]);
  });

  it("rejects when a first namespace is not named", async () => {
    const { texts } = countedTexts();
    await expect(createSelectiveBrowserI18n({ texts, namespaces: ["sign"] })).rejects.toThrow(
      /sign/,
    );
  });
});
