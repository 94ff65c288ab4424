import { execFile, spawnSync, type SpawnSyncReturns } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { type Page } from "@playwright/test";
import { AGREEMENT, SIGNING } from "./envelope-flow";

const run = promisify(execFile);

/** The suite's api's data folder: its development seal certificate and signer authority. */
const DATA = resolve(import.meta.dirname, "../.cache/data");
export const DEVELOPMENT_SEAL_CERTIFICATE = join(DATA, "platform-seal/development-certificate.pem");
export const DEVELOPMENT_SIGNER_AUTHORITY = join(DATA, "signer-ca/development-certificate.pem");

export interface SealedFiles {
  dir: string;
  sealed: string;
  proof: string;
}

/** Saves as `file` what the button named `label` in `page` downloads. */
export async function downloadTo(page: Page, label: string, file: string): Promise<void> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: label }).click(),
  ]);
  await download.saveAs(file);
}

/**
 * Downloads a complete envelope's sealed PDF and its proof from the sender's view open in `page`
 * (English), each checked by `qpdf --check`, into a new temporary folder.
 */
export async function downloadSealedAndProof(page: Page, prefix: string): Promise<SealedFiles> {
  const dir = await mkdtemp(join(tmpdir(), `paraphe-e2e-${prefix}-`));
  const files = { dir, sealed: join(dir, "sealed.pdf"), proof: join(dir, "proof.pdf") };
  for (const [file, label] of [
    [files.sealed, SIGNING.en.downloadSealed],
    [files.proof, SIGNING.en.downloadProof],
  ] as const) {
    await downloadTo(page, label, file);
    await run("qpdf", ["--check", file]);
  }
  return files;
}

/** pdfsig's report of a PDF. */
export async function pdfsigReport(file: string): Promise<string> {
  return run("pdfsig", [file]).then((result) => result.stdout);
}

/**
 * paraphe-verify, built, as users run it, on the sealed PDF and its proof of the agreement, in
 * English, with the trust options given (`--ca`, `--tsa-ca`).
 */
export function parapheVerify(files: SealedFiles, ...trust: string[]): SpawnSyncReturns<string> {
  const cli = join(
    dirname(createRequire(import.meta.url).resolve("@paraphe/api-sdk/package.json")),
    "dist/verify/cli.js",
  );
  return spawnSync(
    process.execPath,
    [cli, files.sealed, files.proof, ...trust, "--original", AGREEMENT, "--lang", "en"],
    { encoding: "utf8" },
  );
}
