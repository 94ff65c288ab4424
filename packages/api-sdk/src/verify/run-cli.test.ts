import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { languageFromEnvironment, runVerifyCli, VerifyExitCode } from "./run-cli";

const dir = mkdtempSync(path.join(tmpdir(), "paraphe-verify-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(argv: string[], env: Record<string, string> = {}) {
  let stdout = "";
  let stderr = "";
  const code = await runVerifyCli(argv, env, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

describe("paraphe-verify's command line", () => {
  it("takes its language from LC_ALL, LC_MESSAGES or LANG, in that order, English otherwise", () => {
    expect(languageFromEnvironment({})).toBe("en");
    expect(languageFromEnvironment({ LANG: "fr_FR.UTF-8" })).toBe("fr");
    expect(languageFromEnvironment({ LC_ALL: "en_GB.UTF-8", LANG: "fr_FR.UTF-8" })).toBe("en");
    expect(languageFromEnvironment({ LC_MESSAGES: "fr_CA", LANG: "C" })).toBe("fr");
    expect(languageFromEnvironment({ LANG: "de_DE.UTF-8" })).toBe("en");
  });

  it("prints its usage with the exit codes for --help", async () => {
    const result = await run(["--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Usage: paraphe-verify <sealed.pdf> <proof.pdf>");
    expect(result.stdout).toContain("3 intact but the root was not checked");
    expect(result.stdout).toContain("[--tsa-ca <certificate.pem> ...]");
    expect((await run(["--help"], { LANG: "fr_FR.UTF-8" })).stdout).toContain("Utilisation");
  });

  it("answers a usage error with exit code 2 and the usage, in the chosen language", async () => {
    const missing = await run(["only-one.pdf"]);
    expect(missing.code).toBe(VerifyExitCode.usage);
    expect(missing.stderr).toContain("Give the sealed PDF and its proof PDF.");
    const french = await run(["a.pdf", "b.pdf", "--bogus", "--lang", "fr"]);
    expect(french.code).toBe(2);
    expect(french.stderr).toContain("Option inconnue\u00a0: --bogus.");
    expect((await run(["a.pdf", "b.pdf", "--ca"])).stderr).toContain(
      "The option --ca needs a value.",
    );
    expect((await run(["a.pdf", "b.pdf", "--lang", "de"])).stderr).toContain(
      "The language must be en or fr.",
    );
    const tooMany = Array.from({ length: 21 }, () => ["--ca", "x.pem"]).flat();
    expect((await run(["a.pdf", "b.pdf", ...tooMany])).stderr).toContain("At most 20");
    expect((await run(["a.pdf", "b.pdf", "--tsa-ca"])).stderr).toContain(
      "The option --tsa-ca needs a value.",
    );
    const tooManyTsa = Array.from({ length: 21 }, () => ["--tsa-ca", "x.pem"]).flat();
    expect((await run(["a.pdf", "b.pdf", ...tooManyTsa])).stderr).toContain(
      "At most 20 --tsa-ca certificates.",
    );
  });

  it("answers files it cannot read, or that are not PDFs, with exit code 2", async () => {
    const missing = await run([path.join(dir, "nope.pdf"), path.join(dir, "nope2.pdf")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("nope.pdf cannot be read");
    const text = path.join(dir, "text.pdf");
    writeFileSync(text, "hello");
    const notPdf = await run([text, text]);
    expect(notPdf.code).toBe(2);
    expect(notPdf.stderr).toContain("not a PDF");
  });

  it("reports a PDF without any signature as invalid, exit code 1", async () => {
    const unsigned = path.join(dir, "unsigned.pdf");
    writeFileSync(unsigned, minimalPdf());
    const result = await run([unsigned, unsigned]);
    expect(result.code).toBe(VerifyExitCode.invalid);
    expect(result.stdout).toContain("✗ Sealed document: the file carries no signature.");
    expect(result.stdout).toContain("✗ Audit-log proof: the file carries no signature.");
    // An unsigned file is no proof: its record is not looked for.
    expect(result.stdout).not.toContain("machine-readable record");
  });

  it("takes one --seal-cert, holding one certificate", async () => {
    expect((await run(["a.pdf", "b.pdf", "--seal-cert"])).stderr).toContain(
      "The option --seal-cert needs a value.",
    );
    const twice = await run(["a.pdf", "b.pdf", "--seal-cert", "x.pem", "--seal-cert", "y.pem"]);
    expect(twice.code).toBe(VerifyExitCode.usage);
    expect(twice.stderr).toContain("Give --seal-cert once, with a file holding one certificate.");
    expect((await run(["--help"])).stdout).toContain("[--seal-cert <certificate.pem>]");
  });
});

/** A one-page PDF with a correct cross-reference table. */
function minimalPdf(): string {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
  ];
  let body = "%PDF-1.7\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return body;
}
