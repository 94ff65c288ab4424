import { describe, expect, it } from "vitest";
import { createServerI18n } from "./server";

describe("interpolation and plurals", () => {
  const i18n = createServerI18n();
  const en = i18n.getFixedT("en", "mail");
  const fr = i18n.getFixedT("fr", "mail");

  it("interpolates values in English and in French", () => {
    expect(en("declined.subject", { name: "Ann", title: "Lease" })).toBe(
      "Ann declined to sign “Lease”",
    );
    expect(fr("declined.subject", { name: "Ann", title: "Bail" })).toBe(
      "Ann a refusé de signer «\u00a0Bail\u00a0»",
    );
  });

  it("chooses the English plural form: one for 1, other for 0 and 2", () => {
    expect(en("loginCode.expires", { count: 1 })).toBe("It expires in 1 minute.");
    expect(en("loginCode.expires", { count: 0 })).toBe("It expires in 0 minutes.");
    expect(en("loginCode.expires", { count: 10 })).toBe("It expires in 10 minutes.");
  });

  it("chooses the French plural form: one for 0 and 1, many for a million, other otherwise", () => {
    expect(fr("loginCode.expires", { count: 0 })).toBe("Il expire dans 0 minute.");
    expect(fr("loginCode.expires", { count: 1 })).toBe("Il expire dans 1 minute.");
    expect(fr("loginCode.expires", { count: 10 })).toBe("Il expire dans 10 minutes.");
    expect(fr("loginCode.expires", { count: 1_000_000 })).toBe("Il expire dans 1000000 minutes.");
  });

  it("falls back to English for a key French would lack", () => {
    const instance = createServerI18n();
    instance.addResource("en", "mail", "onlyInEnglish", "English text");
    expect(instance.getFixedT("fr", "mail")("onlyInEnglish" as never)).toBe("English text");
  });
});
