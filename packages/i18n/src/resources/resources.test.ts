import { describe, expect, it } from "vitest";
import { NAMESPACES, resources } from "./index";
import { flattenResources, findTranslationProblems } from "./parity";

describe("resources", () => {
  it("English and French have the same namespaces, keys, plural forms and placeholders, and no empty text", () => {
    expect(
      findTranslationProblems(
        { language: "en", resources: resources.en },
        { language: "fr", resources: resources.fr },
      ),
    ).toEqual([]);
  });

  it("every declared namespace has resources in each language, and no undeclared namespace exists", () => {
    expect(Object.keys(resources.en).sort()).toEqual([...NAMESPACES].sort());
    expect(Object.keys(resources.fr).sort()).toEqual([...NAMESPACES].sort());
  });

  it("French uses typographic apostrophes and a no-break space before a colon", () => {
    for (const [key, value] of flattenResources(resources.fr)) {
      if (typeof value !== "string") continue;
      expect(value, key).not.toMatch(/'/);
      expect(value, key).not.toMatch(/[^\u00a0\u202f] ?[:;!?](\s|$)/);
    }
  });

  it("holds the attestation texts of spec §8 under security.attestation", () => {
    const keys = [...flattenResources(resources.en.security)].map(([key]) => key);
    expect(keys).toEqual(
      expect.arrayContaining([
        "attestation.status.success",
        "attestation.status.failure",
        "attestation.status.none",
        "attestation.status.unknown",
        "attestation.status.default",
        "attestation.loading",
        "attestation.noData",
        "attestation.noDataDescription",
        "attestation.lastUpdated",
        "attestation.clickToLearnMore",
        "attestation.verified",
        "attestation.failed",
        "attestation.pending",
      ]),
    );
  });
});

describe("plurals and agreement", () => {
  const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

  for (const language of ["en", "fr"] as const) {
    const leaves = flattenResources(resources[language]);

    it(`${language}: every text with {{count}} is a plural form, with its _one and _other siblings`, () => {
      const problems: string[] = [];
      for (const [key, value] of leaves) {
        if (typeof value !== "string" || !/\{\{\s*count\s*[,}]/.test(value)) continue;
        const match = PLURAL_FORM.exec(key);
        const base = match ? key.slice(0, match.index) : undefined;
        if (!base || !leaves.has(`${base}_one`) || !leaves.has(`${base}_other`))
          problems.push(`${key}: ${value}`);
      }
      expect(problems).toEqual([]);
    });

    it(`${language}: no text marks a plural or a gender with brackets, like “(s)” or “(e)”`, () => {
      const problems = [...leaves]
        .filter(([, value]) => typeof value === "string" && /\p{L}\((s|e|es|x)\)/iu.test(value))
        .map(([key, value]) => `${key}: ${String(value)}`);
      expect(problems).toEqual([]);
    });
  }
});
