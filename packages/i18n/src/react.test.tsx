// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createBrowserI18n, LANGUAGE_STORAGE_KEY } from "./browser";
import { I18nProvider, Trans, useFormatFileSize, useLanguage, useTranslation } from "./react";

function LanguageProbe() {
  const { t } = useTranslation("web");
  const { language, setLanguage, languages } = useLanguage();
  return (
    <div>
      <h1>{t("nav.inbox")}</h1>
      <p data-testid="language">{language}</p>
      {languages.map((option) => (
        <button key={option.code} type="button" onClick={() => void setLanguage(option.code)}>
          {option.label}
        </button>
      ))}
    </div>
  );
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
});

describe("I18nProvider and useLanguage", () => {
  it("renders in the instance's language and lists English and Français", () => {
    render(
      <I18nProvider i18n={createBrowserI18n({ language: "en" })}>
        <LanguageProbe />
      </I18nProvider>,
    );
    expect(screen.getByRole("heading")).toHaveTextContent("Inbox");
    expect(screen.getByTestId("language")).toHaveTextContent("en");
    expect(screen.getAllByRole("button").map((button) => button.textContent)).toEqual([
      "English",
      "Français",
    ]);
  });

  it("switches every text when the language changes, and remembers the choice", async () => {
    const i18n = createBrowserI18n();
    render(
      <I18nProvider i18n={i18n}>
        <LanguageProbe />
      </I18nProvider>,
    );
    await act(async () => {
      screen.getByRole("button", { name: "Français" }).click();
    });
    expect(screen.getByRole("heading")).toHaveTextContent("Boîte de réception");
    expect(screen.getByTestId("language")).toHaveTextContent("fr");
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("fr");
    expect(document.documentElement.lang).toBe("fr");
  });
});

describe("Trans", () => {
  it("interpolates into a translated text", () => {
    render(
      <I18nProvider i18n={createBrowserI18n({ language: "fr" })}>
        <p>
          <Trans ns="web" i18nKey="dashboard.welcomeName" values={{ name: "Léa" }} />
        </p>
      </I18nProvider>,
    );
    expect(screen.getByText("Bienvenue, Léa")).toBeInTheDocument();
  });
});

function SizeProbe({ bytes }: { bytes: number }) {
  const formatFileSize = useFormatFileSize();
  const { setLanguage } = useLanguage();
  return (
    <div>
      <p data-testid="size">{formatFileSize(bytes)}</p>
      <button type="button" onClick={() => void setLanguage("fr")}>
        fr
      </button>
    </div>
  );
}

describe("useFormatFileSize", () => {
  it("writes a size in the page's units and follows a change of language", async () => {
    render(
      <I18nProvider i18n={createBrowserI18n({ language: "en" })}>
        <SizeProbe bytes={22_323} />
      </I18nProvider>,
    );
    expect(screen.getByTestId("size")).toHaveTextContent("21.8 KB");
    await act(async () => {
      screen.getByRole("button", { name: "fr" }).click();
      await Promise.resolve();
    });
    expect(screen.getByTestId("size").textContent).toBe("21,8\u00a0Ko");
  });
});
