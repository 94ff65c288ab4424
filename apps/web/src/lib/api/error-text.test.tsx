import { ApiError } from "@paraphe/api-sdk";
import { createBrowserI18n } from "@paraphe/i18n";
import { I18nProvider } from "@paraphe/i18n/react";
import { renderHook } from "@testing-library/react";
import { type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { fieldErrorProblems, useErrorText } from "./error-text";

function errorTextIn(language: "en" | "fr") {
  const i18n = createBrowserI18n({ language });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider i18n={i18n}>{children}</I18nProvider>
  );
  return renderHook(() => useErrorText(), { wrapper }).result.current;
}

describe("the texts of the api's field problems", () => {
  it("names the limit the api sent, in English and in French", () => {
    expect(errorTextIn("en").validation("too_many_recipients", { limit: 50 })).toBe(
      "Too many recipients: an envelope has at most 50 recipients.",
    );
    expect(errorTextIn("fr").validation("too_long", { limit: 255 })).toBe(
      "C’est trop long\u00a0: la limite est de 255 caractères.",
    );
  });

  it("keeps the plain text of a word when no limit was sent", () => {
    expect(errorTextIn("en").validation("too_long")).toBe("This is too long.");
  });

  it("gives each distinct word once, with the numbers of its limit", () => {
    const error = new ApiError({
      statusCode: 400,
      code: "VALIDATION_ERROR",
      message: "Some fields are not valid.",
      details: [
        {
          path: "recipients",
          code: "too_big",
          message: "too_many_recipients",
          params: { limit: 50 },
        },
        { path: "title", code: "too_big", message: "too_long", params: { limit: 255 } },
        { path: "message", code: "too_big", message: "too_long", params: { limit: 5000 } },
      ],
    });
    expect(fieldErrorProblems(error)).toEqual([
      { word: "too_many_recipients", params: { limit: 50 } },
      { word: "too_long", params: { limit: 255 } },
    ]);
  });
});
