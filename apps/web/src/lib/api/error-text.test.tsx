import { ApiError, networkError } from "@paraphe/api-sdk";
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

describe("the text of a failure of the server and of the network", () => {
  const serverError = new ApiError({
    statusCode: 500,
    code: "INTERNAL_SERVER_ERROR",
    message: "An unexpected error occurred.",
    requestId: "req-1",
    timestamp: "2026-01-01T00:00:00.000Z",
  });
  const unanswered = networkError(new TypeError("Failed to fetch"));

  it("says that a 500 the api answered went wrong on its side, in English and in French", () => {
    expect(errorTextIn("en").apiError(serverError)).toBe(
      "Something went wrong on our side. Please try again; if it keeps happening, contact support.",
    );
    expect(errorTextIn("fr").apiError(serverError)).toBe(
      "Un problème est survenu de notre côté. Veuillez réessayer\u00a0; si cela se reproduit, contactez le support.",
    );
  });

  it("says that the server could not be reached when the call got no answer", () => {
    expect(unanswered.code).toBe("INTERNAL_SERVER_ERROR");
    expect(errorTextIn("en").apiError(unanswered)).toBe(
      "The server could not be reached. Check your connection and try again.",
    );
    expect(errorTextIn("fr").apiError(unanswered)).toBe(
      "Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.",
    );
  });
});
