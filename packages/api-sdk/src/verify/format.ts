import { getServerT } from "@paraphe/i18n";
import { type VerificationCheck, type VerificationReport } from "./verification-report";

export type VerifyLanguage = "en" | "fr";

/** One check as a sentence in `language`, with its file's name and values filled in. */
export function describeCheck(check: VerificationCheck, language: VerifyLanguage): string {
  const t = getServerT(language, "verify");
  return t(`checks.${check.message.key}`, {
    ...check.message.values,
    file: t(`files.${check.file}`),
  });
}

/**
 * The report as the CLI prints it: a heading, one line per check (✓ passed, ✗ failed, ! not
 * proven) and the verdict, in `language`.
 */
export function formatReport(report: VerificationReport, language: VerifyLanguage): string {
  const t = getServerT(language, "verify");
  const lines = [t("heading"), ""];
  for (const check of report.checks) {
    lines.push(`${t(`marks.${check.status}`)} ${describeCheck(check, language)}`);
  }
  lines.push("");
  lines.push(
    report.verdict === "valid"
      ? t("verdict.valid")
      : report.verdict === "invalid"
        ? t("verdict.invalid")
        : t("verdict.rootNotChecked"),
  );
  return `${lines.join("\n")}\n`;
}

/** The report as JSON: the verdict, the exit code and each check with its sentence in `language`. */
export function reportJson(
  report: VerificationReport,
  exitCode: number,
  language: VerifyLanguage,
): string {
  return `${JSON.stringify(
    {
      verdict: report.verdict,
      exitCode,
      levels: report.levels,
      checks: report.checks.map((check) => ({
        file: check.file,
        aspect: check.aspect,
        status: check.status,
        key: check.message.key,
        values: check.message.values,
        message: describeCheck(check, language),
      })),
      ...(report.record === undefined
        ? {}
        : {
            envelopeId: report.record.envelopeId,
            documents: report.record.documents,
            events: report.record.chain.entries.length,
          }),
    },
    null,
    2,
  )}\n`;
}
