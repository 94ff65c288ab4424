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

describe("the counts people read in the apps", () => {
  const i18n = createServerI18n();
  const en = i18n.getFixedT("en", "web");
  const fr = i18n.getFixedT("fr", "web");

  it("agrees the French participle with the meter's noun: signatures are “utilisées”, seats “utilisés”", () => {
    expect(fr("subscription.meter.unlimitedSignatures", { count: 7, used: "7" })).toBe(
      "7 utilisées, nombre illimité",
    );
    expect(fr("subscription.meter.unlimitedSeats", { count: 7, used: "7" })).toBe(
      "7 utilisés, nombre illimité",
    );
    expect(fr("subscription.meter.unlimitedSignatures", { count: 1, used: "1" })).toBe(
      "1 utilisée, nombre illimité",
    );
  });

  it("says “every day” for one day and counts the others", () => {
    expect(en("editor.options.reminders.every", { count: 1 })).toBe("Every day");
    expect(en("editor.options.reminders.every", { count: 3 })).toBe("Every 3 days");
    expect(fr("editor.options.reminders.every", { count: 1 })).toBe("Tous les jours");
    expect(fr("editor.options.reminders.every", { count: 3 })).toBe("Tous les 3 jours");
  });

  it("counts imported and refused files in the singular and the plural, without “(s)”", () => {
    const summary = (t: typeof fr, imported: number, refused: number) =>
      t("envelopes.import.summary", {
        imported: t("envelopes.import.importedCount", { count: imported }),
        refused: t("envelopes.import.refusedCount", { count: refused }),
      });
    expect(summary(fr, 3, 1)).toBe("Import terminé\u00a0: 3 fichiers importés, 1 refusé.");
    expect(summary(en, 1, 2)).toBe("Import finished: 1 file imported, 2 refused.");
  });

  it("counts rows to import in the singular and the plural", () => {
    expect(fr("csvImport.import", { count: 1 })).toBe("Importer 1 ligne");
    expect(en("csvImport.summaryValid", { count: 1 })).toBe("1 row to import. No errors found.");
    expect(fr("csvImport.summaryValid", { count: 2 })).toBe(
      "2 lignes à importer. Aucune erreur trouvée.",
    );
  });

  it("words a removed member's sent documents without a gender", () => {
    expect(fr("members.confirmRemove.description", { name: "Zoë" })).toBe(
      "Zoë ne verra plus les documents de l’équipe. Les documents que cette personne a envoyés restent dans les espaces de travail.",
    );
  });
});
