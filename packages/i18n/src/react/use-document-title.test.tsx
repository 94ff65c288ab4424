// @vitest-environment jsdom
import { renderHook } from "@testing-library/react";
import { type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { createBrowserI18n } from "../browser";
import { I18nProvider } from "./i18n-provider";
import { useDocumentTitle } from "./use-document-title";

function wrapperFor(language: "en" | "fr") {
  const i18n = createBrowserI18n({ language });
  return ({ children }: { children: ReactNode }) => (
    <I18nProvider i18n={i18n}>{children}</I18nProvider>
  );
}

describe("useDocumentTitle", () => {
  it("names the page and the product", () => {
    renderHook(() => useDocumentTitle("Page not found"), { wrapper: wrapperFor("en") });
    expect(document.title).toBe("Page not found · Paraphe");
  });

  it("shows the product name alone when the page has no title", () => {
    renderHook(() => useDocumentTitle(undefined), { wrapper: wrapperFor("fr") });
    expect(document.title).toBe("Paraphe");
  });
});
