import { X509Certificate } from "node:crypto";
import { open } from "node:fs/promises";
import { getServerT } from "@paraphe/i18n";
import { formatReport, reportJson, type VerifyLanguage } from "./format";
import { VERIFY_MAX_FILE_BYTES, exitCodeOf, verifySealedDocument } from "./verify";

/** Exit codes of `paraphe-verify`. */
export const VerifyExitCode = {
  valid: 0,
  invalid: 1,
  /** A usage error, or a file that cannot be read, is too large or is not a PDF. */
  usage: 2,
  /**
   * Every check passed but a seal's root, or its timestamp authority's, was not checked against a
   * trusted certificate (no --ca, or no --tsa-ca), or the seals' certificate was not pinned (no
   * --seal-cert, and the seal's certificate is not itself a --ca certificate).
   */
  rootNotChecked: 3,
} as const;

/** Most --ca (and --tsa-ca) files, and the largest one. */
const MAX_CA_FILES = 20;
const MAX_CA_BYTES = 1024 * 1024;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

interface Options {
  sealed: string;
  proof: string;
  original?: string;
  ca: string[];
  tsaCa: string[];
  sealCert?: string;
  language: VerifyLanguage;
  json: boolean;
}

class UsageError extends Error {}

/** The language of the output: --lang, else LC_ALL, LC_MESSAGES or LANG starting with "fr", else English. */
export function languageFromEnvironment(env: Readonly<Record<string, string | undefined>>) {
  const locale = [env["LC_ALL"], env["LC_MESSAGES"], env["LANG"]].find(
    (value) => value !== undefined && value !== "",
  );
  return locale?.toLowerCase().startsWith("fr") ? "fr" : "en";
}

/**
 * `paraphe-verify <sealed.pdf> <proof.pdf> [--ca <pem> ...] [--tsa-ca <pem> ...]
 * [--seal-cert <pem>] [--original <pdf>] [--lang en|fr] [--json]`:
 * runs {@link verifySealedDocument} on the files and prints the report. Returns the exit code
 * ({@link VerifyExitCode}).
 */
export async function runVerifyCli(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  io: CliIo,
): Promise<number> {
  let language: VerifyLanguage = languageFromEnvironment(env);
  const langIndex = argv.indexOf("--lang");
  const wanted = langIndex >= 0 ? argv[langIndex + 1] : undefined;
  if (wanted === "en" || wanted === "fr") language = wanted;
  const t = getServerT(language, "verify");

  let options: Options;
  try {
    if (argv.includes("--help") || argv.includes("-h")) {
      io.stdout(`${t("usage")}\n`);
      return VerifyExitCode.valid;
    }
    options = parseArguments(argv, language, t);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`${error.message}\n\n${t("usage")}\n`);
    return VerifyExitCode.usage;
  }

  let sealed: Uint8Array;
  let proof: Uint8Array;
  let original: Uint8Array | undefined;
  const anchors: X509Certificate[] = [];
  const tsaAnchors: X509Certificate[] = [];
  let sealCertificate: X509Certificate | undefined;
  try {
    sealed = await readPdf(options.sealed, t);
    proof = await readPdf(options.proof, t);
    if (options.original !== undefined) original = await readPdf(options.original, t);
    for (const path of options.ca) anchors.push(...(await readCertificates(path, t)));
    for (const path of options.tsaCa) tsaAnchors.push(...(await readCertificates(path, t)));
    if (options.sealCert !== undefined) {
      const certificates = await readCertificates(options.sealCert, t);
      if (certificates.length !== 1) throw new UsageError(t("errors.sealCertOnce"));
      sealCertificate = certificates[0];
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`${error.message}\n`);
    return VerifyExitCode.usage;
  }

  const report = await verifySealedDocument({
    sealed,
    proof,
    ...(original === undefined ? {} : { original }),
    trustAnchors: anchors,
    tsaTrustAnchors: tsaAnchors,
    ...(sealCertificate === undefined ? {} : { sealCertificate }),
  });
  const exitCode = exitCodeOf(report.verdict);
  io.stdout(
    options.json
      ? reportJson(report, exitCode, options.language)
      : formatReport(report, options.language),
  );
  return exitCode;
}

type VerifyT = ReturnType<typeof getServerT<"verify">>;

function parseArguments(argv: readonly string[], language: VerifyLanguage, t: VerifyT): Options {
  const files: string[] = [];
  const ca: string[] = [];
  const tsaCa: string[] = [];
  let original: string | undefined;
  let sealCert: string | undefined;
  let json = false;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] ?? "";
    const value = () => {
      const next = argv[index + 1];
      if (next === undefined || next.startsWith("--")) {
        throw new UsageError(t("errors.missingValue", { option: argument }));
      }
      index++;
      return next;
    };
    if (argument === "--json") json = true;
    else if (argument === "--ca") ca.push(value());
    else if (argument === "--tsa-ca") tsaCa.push(value());
    else if (argument === "--seal-cert") {
      if (sealCert !== undefined) throw new UsageError(t("errors.sealCertOnce"));
      sealCert = value();
    } else if (argument === "--original") original = value();
    else if (argument === "--lang") {
      const wanted = value();
      if (wanted !== "en" && wanted !== "fr") throw new UsageError(t("errors.badLanguage"));
    } else if (argument.startsWith("-") && argument !== "-") {
      throw new UsageError(t("errors.unknownOption", { option: argument }));
    } else files.push(argument);
  }
  if (files.length !== 2) throw new UsageError(t("errors.missingFiles"));
  if (ca.length > MAX_CA_FILES) throw new UsageError(t("errors.tooManyCa", { max: MAX_CA_FILES }));
  if (tsaCa.length > MAX_CA_FILES) {
    throw new UsageError(t("errors.tooManyTsaCa", { max: MAX_CA_FILES }));
  }
  const [sealed = "", proof = ""] = files;
  return {
    sealed,
    proof,
    ca,
    tsaCa,
    language,
    json,
    ...(original === undefined ? {} : { original }),
    ...(sealCert === undefined ? {} : { sealCert }),
  };
}

/** Reads at most `max` bytes of `path`; a larger file is refused before it is read. */
async function readBounded(path: string, max: number, t: VerifyT): Promise<Uint8Array> {
  let handle;
  try {
    handle = await open(path, "r");
  } catch (error) {
    throw new UsageError(t("errors.unreadableFile", { path, reason: (error as Error).message }));
  }
  try {
    const { size } = await handle.stat();
    if (size > max) {
      throw new UsageError(t("errors.tooLarge", { path, max: Math.floor(max / 1024 / 1024) }));
    }
    const bytes = await handle.readFile();
    // A file that grew since stat() is refused too.
    if (bytes.length > max) {
      throw new UsageError(t("errors.tooLarge", { path, max: Math.floor(max / 1024 / 1024) }));
    }
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(t("errors.unreadableFile", { path, reason: (error as Error).message }));
  } finally {
    await handle.close();
  }
}

async function readPdf(path: string, t: VerifyT): Promise<Uint8Array> {
  const bytes = await readBounded(path, VERIFY_MAX_FILE_BYTES, t);
  // "%PDF-" within the first kilobyte (ISO 32000 allows leading bytes).
  const head = Buffer.from(bytes.subarray(0, 1024)).toString("latin1");
  if (!head.includes("%PDF-")) {
    throw new UsageError(t("errors.unreadableFile", { path, reason: "not a PDF" }));
  }
  return bytes;
}

/** Every certificate of a PEM file (one or more blocks), or one DER certificate. */
async function readCertificates(path: string, t: VerifyT): Promise<X509Certificate[]> {
  const bytes = await readBounded(path, MAX_CA_BYTES, t);
  const text = Buffer.from(bytes).toString("latin1");
  const blocks = text.match(
    /-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\s]+?-----END CERTIFICATE-----/g,
  );
  try {
    if (blocks === null) return [new X509Certificate(Buffer.from(bytes))];
    return blocks.map((block) => new X509Certificate(block));
  } catch {
    throw new UsageError(t("errors.badCertificate", { path }));
  }
}
