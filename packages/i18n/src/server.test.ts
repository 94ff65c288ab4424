import { describe, expect, it } from "vitest";
import { getServerT, serverT } from "./server";

describe("serverT", () => {
  it("translates a namespaced key in the language asked for", () => {
    expect(serverT("en", "mail:loginCode.intro")).toBe(
      "Here is your verification code to sign in to Paraphe:",
    );
    expect(serverT("fr", "mail:loginCode.intro")).toBe(
      "Voici votre code de vérification pour vous connecter à Paraphe\u00a0:",
    );
  });

  it("interpolates and pluralises", () => {
    expect(serverT("fr", "mail:loginCode.expires", { count: 15 })).toBe(
      "Il expire dans 15 minutes.",
    );
    expect(serverT("en", "mail:common.greetingName", { name: "Léa" })).toBe("Hello Léa,");
  });

  it("reads the default namespace without a prefix", () => {
    expect(serverT("fr", "notFound.title")).toBe("Page introuvable");
  });

  it("reduces a stored region tag to its language and falls back to English otherwise", () => {
    expect(serverT("fr-CA", "mail:common.greeting")).toBe("Bonjour,");
    expect(serverT("de", "mail:common.greeting")).toBe("Hello,");
    expect(serverT(null, "mail:common.greeting")).toBe("Hello,");
  });

  it("keeps each call's language separate (no shared current language)", () => {
    expect(serverT("fr", "mail:common.signature")).toBe("L’équipe Paraphe");
    expect(serverT("en", "mail:common.signature")).toBe("The Paraphe team");
    expect(serverT("fr", "mail:common.signature")).toBe("L’équipe Paraphe");
  });

  it("does not HTML-escape values: a subject line must not show &amp;", () => {
    expect(serverT("en", "mail:common.greetingName", { name: "Tom & <Léa>" })).toBe(
      "Hello Tom & <Léa>,",
    );
  });
});

describe("getServerT", () => {
  it("binds a language and a namespace, mail by default", () => {
    expect(getServerT("fr")("loginCode.expires", { count: 1 })).toBe("Il expire dans 1 minute.");
    expect(getServerT("en", "errors")("codes.NOT_FOUND")).toBe(
      "What you are looking for could not be found.",
    );
  });
});
