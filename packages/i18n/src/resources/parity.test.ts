import { describe, expect, it } from "vitest";
import { findTranslationProblems } from "./parity";

const en = (resources: Record<string, unknown>) => ({ language: "en", resources });
const fr = (resources: Record<string, unknown>) => ({ language: "fr", resources });

describe("findTranslationProblems", () => {
  it("finds nothing when both languages have the same keys, forms and placeholders", () => {
    expect(
      findTranslationProblems(
        en({
          app: {
            title: "Hello {{name}}",
            items_one: "{{count}} item",
            items_other: "{{count}} items",
          },
        }),
        fr({
          app: {
            title: "Bonjour {{name}}",
            items_one: "{{count}} élément",
            items_many: "{{count}} d’éléments",
            items_other: "{{count}} éléments",
          },
        }),
      ),
    ).toEqual([]);
  });

  it("reports a key missing from either language, however deep", () => {
    const problems = findTranslationProblems(
      en({ app: { nav: { inbox: "Inbox", extra: "Only English" } } }),
      fr({ app: { nav: { inbox: "Boîte", other: "Seulement français" } } }),
    );
    expect(problems).toContain('fr/app: key "nav.extra" is missing (it exists in en)');
    expect(problems).toContain('en/app: key "nav.other" is missing (it exists in fr)');
  });

  it("reports a missing namespace", () => {
    expect(
      findTranslationProblems(en({ a: { x: "x" }, b: { y: "y" } }), fr({ a: { x: "x" } })),
    ).toEqual(['fr: namespace "b" is missing (it exists in en)']);
  });

  it("reports an empty or non-text value", () => {
    const problems = findTranslationProblems(
      en({ a: { x: "  ", y: "y" } }),
      fr({ a: { x: "x", y: 3 } }),
    );
    expect(problems).toEqual(['en/a: "x" is empty', 'fr/a: "y" is not a text']);
  });

  it("reports plural forms a language needs but lacks, and forms it does not have", () => {
    const problems = findTranslationProblems(
      en({ a: { n_one: "one", n_many: "many", n_other: "other" } }),
      fr({ a: { n_one: "un", n_other: "autre" } }),
    );
    expect(problems).toEqual([
      'en/a: plural key "n" has forms [many, one, other], en needs [one, other]',
      'fr/a: plural key "n" has forms [one, other], fr needs [many, one, other]',
    ]);
  });

  it("reports a plural key that is singular in the other language", () => {
    const problems = findTranslationProblems(
      en({ a: { n_one: "one", n_other: "other" } }),
      fr({ a: { n: "n", n_many: "beaucoup" } }),
    );
    expect(problems).toContain('fr/a: plural key "n" is missing (it exists in en)');
    expect(problems).toContain('en/a: key "n" is missing (it exists in fr)');
  });

  it("reports a placeholder that differs between languages", () => {
    const problems = findTranslationProblems(
      en({ a: { x: "Hello {{name}}", n_one: "{{count}} file", n_other: "{{count}} files" } }),
      fr({
        a: {
          x: "Bonjour {{nom}}",
          n_one: "un fichier",
          n_many: "beaucoup",
          n_other: "des fichiers",
        },
      }),
    );
    expect(problems).toEqual([
      'a: "x" uses {{name}} in en but {{nom}} in fr',
      'a: plural "n" uses {{count}} in en but {{}} in fr',
    ]);
  });
});
