import { execFileSync, spawnSync } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import { PDF } from "@libpdf/core";
import {
  PROOF_RECORD_FILENAME,
  canonicalJson,
  proofRecordSchema,
  publicChainHash,
  verifySealedDocument,
  type ProofRecord,
  type VerificationReport,
} from "@paraphe/api-sdk/verify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadOrCreatePlatformIdentity, type PlatformIdentity } from "../documents/certificates";
import { sealPdfInThisThread } from "../documents/seal";
import { nssDatabaseTrusting, pdfsig, temporaryDirectory } from "../test/documents";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { startTestTsa } from "../test/tsa";
import { testDatabaseKinds } from "../test/databases";
import {
  linkFromMail,
  readEveryPage,
  sentEnvelope,
  sign,
  signingClient,
  signUpMember,
} from "../test/envelopes";

/**
 * The built `paraphe-verify` of @paraphe/api-sdk, run as users run it (`node dist/verify/cli.js`):
 * built here with the packages it imports (turbo answers from its cache when nothing changed).
 */
function builtCli(): string {
  const sdkDir = path.dirname(
    createRequire(import.meta.url).resolve("@paraphe/api-sdk/package.json"),
  );
  execFileSync(
    "pnpm",
    ["exec", "turbo", "run", "build", "--filter=@paraphe/api-sdk", "--output-logs=errors-only"],
    { cwd: sdkDir, stdio: "ignore" },
  );
  return path.join(sdkDir, "dist", "verify", "cli.js");
}

function statusOf(report: VerificationReport, file: string, aspect: string): string[] {
  return report.checks
    .filter((check) => check.file === file && check.aspect === aspect)
    .map((check) => `${check.status}:${check.message.key}`);
}

describe.each(testDatabaseKinds)("paraphe-verify on a real sealed envelope (%s)", (kind) => {
  let h: IdentityHarness;
  let tsa: Awaited<ReturnType<typeof startTestTsa>>;
  let sealed: Uint8Array;
  let proof: Uint8Array;
  let original: Uint8Array;
  let trusted: X509Certificate;
  let identity: PlatformIdentity;
  let cli: string;
  const tmp = temporaryDirectory("paraphe-verify-");
  const files: Record<string, string> = {};

  const run = (args: string[], env: Record<string, string> = {}) => {
    const result = spawnSync(process.execPath, [cli, ...args], {
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", ...env },
    });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  };

  beforeAll(async () => {
    cli = builtCli();
    // PAdES B-T, as in production with TSA_URL: the CMS also carries a timestamp token.
    tsa = await startTestTsa();
    h = await createIdentityHarness(kind, {}, { TSA_URL: tsa.url });
    const sender = await signUpMember(h, "sender");
    const signer = uniqueEmail("signer");
    const sent = await sentEnvelope(sender, [signer], { title: "Offline check" });
    const client = signingClient(h);
    const link = await linkFromMail(h, signer, sent.uuid);
    await readEveryPage(client, link);
    await sign(client, link);
    await expect(h.t.jobs.runUntilIdle()).resolves.toEqual(["done"]);
    const download = async (kind: "sealed" | "proof" | "original") =>
      new Uint8Array(
        Buffer.from(
          (await sender.api.envelope.download({ envelopeUuid: sent.uuid, kind })).data,
          "base64",
        ),
      );
    sealed = await download("sealed");
    proof = await download("proof");
    original = await download("original");
    identity = await loadOrCreatePlatformIdentity({ dataDir: h.t.config.dataDir });
    trusted = new X509Certificate(identity.certificatePem);
    const other = await loadOrCreatePlatformIdentity({ dataDir: tmp.file("other") });
    files.sealed = tmp.file("sealed.pdf", sealed);
    files.proof = tmp.file("proof.pdf", proof);
    files.original = tmp.file("original.pdf", original);
    files.ca = tmp.file("seal.pem", identity.certificatePem);
    files.otherCa = tmp.file("other.pem", other.certificatePem);
  }, 240_000);
  afterAll(async () => {
    await h.destroy();
    await tsa.stop();
    tmp.cleanup();
  });

  it("embeds a record in the proof: the documents' hashes and every event, chained with SHA-256", async () => {
    const pdf = await PDF.load(proof);
    const bytes = pdf.getAttachment(PROOF_RECORD_FILENAME);
    expect(bytes).not.toBeNull();
    const record = proofRecordSchema.parse(
      JSON.parse(new TextDecoder().decode(bytes ?? undefined)),
    );
    expect(record.documents).toEqual([
      {
        originalSha256: sha256(original),
        sealedSha256: sha256(sealed),
      },
    ]);
    expect(record.chain.entries.map((entry) => entry.event.type)).toEqual([
      "envelopeCreated",
      "envelopeSent",
      "envelopeOpened",
      "documentSigned",
      "envelopeCompleted",
    ]);
    const first = record.chain.entries[0];
    expect(first?.previousHash).toBeNull();
    expect(first?.hash).toBe(publicChainHash(null, first?.event ?? { type: "", at: "" }));
    expect(record.chain.head).toBe(record.chain.entries.at(-1)?.hash);
  });

  it("passes a sealed document and its proof, with the seal's certificate as trust anchor: exit 0", async () => {
    const report = await verifySealedDocument({
      sealed,
      proof,
      original,
      trustAnchors: [trusted],
    });
    // Both seals asked the timestamp authority (B-T).
    expect(tsa.requests()).toBeGreaterThanOrEqual(2);
    expect(report.checks.filter((check) => check.status !== "pass")).toEqual([]);
    expect(report.verdict).toBe("valid");
    for (const file of ["document", "proof"]) {
      expect(statusOf(report, file, "coverage")).toEqual(["pass:coverageWhole"]);
      expect(statusOf(report, file, "digest")).toEqual(["pass:digestMatch"]);
      expect(statusOf(report, file, "signature")).toEqual(["pass:signatureValid"]);
      expect(statusOf(report, file, "certificates")).toEqual(["pass:chainTrusted"]);
    }
    expect(statusOf(report, "proof", "events")).toEqual(["pass:eventsIntact"]);
    expect(statusOf(report, "document", "hash")).toEqual(["pass:documentHashMatch"]);
    expect(statusOf(report, "original", "hash")).toEqual(["pass:originalHashMatch"]);

    const result = run([
      files.sealed!,
      files.proof!,
      "--ca",
      files.ca!,
      "--original",
      files.original!,
    ]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      "✓ Sealed document, signature “Paraphe”: the SHA-256 of the signed bytes matches the digest the signature carries.",
    );
    expect(result.stdout).toContain("✓ Audit-log proof: the chain of 5 events of envelope");
    expect(result.stdout).not.toContain("✗");
    expect(result.stdout).toMatch(/^Valid: /m);
  });

  it("says the root was not checked, with exit code 3, when no --ca is given", async () => {
    const report = await verifySealedDocument({ sealed, proof });
    expect(report.verdict).toBe("root-not-checked");
    expect(statusOf(report, "document", "certificates")).toEqual(["warn:chainRootNotChecked"]);

    const result = run([files.sealed!, files.proof!]);
    expect(result.code).toBe(3);
    expect(result.stdout).toContain("was not checked against a trusted certificate");
  });

  it("fails the digest of a sealed PDF with one byte changed in its signed range: exit 1", async () => {
    const tampered = Uint8Array.from(sealed);
    // A byte inside the first page's content stream of the uploaded revision.
    const at = Buffer.from(tampered).indexOf("stream\n") + 20;
    tampered[at] = (tampered[at] ?? 0) ^ 0x01;
    const report = await verifySealedDocument({ sealed: tampered, proof, trustAnchors: [trusted] });
    expect(report.verdict).toBe("invalid");
    expect(statusOf(report, "document", "digest")).toEqual(["fail:digestMismatch"]);
    expect(statusOf(report, "document", "hash")).toEqual(["fail:documentHashMismatch"]);
    expect(statusOf(report, "proof", "digest")).toEqual(["pass:digestMatch"]);

    const result = run([tmp.file("one-byte.pdf", tampered), files.proof!, "--ca", files.ca!]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      "✗ Sealed document, signature “Paraphe”: the SHA-256 of the signed bytes does not match the digest the signature carries",
    );
    expect(result.stdout).toMatch(/^Invalid: /m);
  });

  it("fails the chain of events of a proof with one event changed: exit 1", async () => {
    const changed = await rewriteRecord(proof, (record) => {
      const opened = record.chain.entries[2];
      if (opened === undefined) throw new Error("no third event");
      opened.event = { ...opened.event, ip: "198.51.100.66" };
    });
    const report = await verifySealedDocument({ sealed, proof: changed, trustAnchors: [trusted] });
    expect(report.verdict).toBe("invalid");
    expect(statusOf(report, "proof", "events")).toEqual(["fail:eventsBroken"]);
    // Appended after the seal: the proof's signature no longer covers the whole file either.
    expect(statusOf(report, "proof", "coverage")).toEqual(["fail:coveragePartial"]);

    const result = run([files.sealed!, tmp.file("changed-event.pdf", changed), "--ca", files.ca!]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      "✗ Audit-log proof: the chain of events is broken at event 3 (envelopeOpened,",
    );
  });

  it("fails a proof whose chain was rewritten consistently: its seal no longer covers it", async () => {
    const rewritten = await rewriteRecord(proof, (record) => {
      let previousHash: string | null = null;
      for (const entry of record.chain.entries) {
        if (entry.event.type === "envelopeOpened") entry.event = { ...entry.event, ip: null };
        entry.previousHash = previousHash;
        entry.hash = publicChainHash(previousHash, entry.event);
        previousHash = entry.hash;
      }
      record.chain.head = previousHash;
    });
    const report = await verifySealedDocument({
      sealed,
      proof: rewritten,
      trustAnchors: [trusted],
    });
    expect(statusOf(report, "proof", "events")).toEqual(["pass:eventsIntact"]);
    expect(statusOf(report, "proof", "coverage")).toEqual(["fail:coveragePartial"]);
    expect(report.verdict).toBe("invalid");
  });

  it("checks a signature the document carried before the seal over its own revision, its signer not vouched for", async () => {
    const sealedAgain = await sealPdfInThisThread(sealed, {
      identity,
      level: "B-B",
      reason: "A second seal over the first",
      location: "Paraphe",
      signerName: "Paraphe",
    });
    const report = await verifySealedDocument({
      sealed: sealedAgain,
      proof,
      trustAnchors: [trusted],
    });
    expect(statusOf(report, "document", "coverage")).toEqual([
      "pass:coverageRevision",
      "pass:coverageWhole",
    ]);
    expect(statusOf(report, "document", "digest")).toEqual([
      "pass:digestMatch",
      "pass:digestMatch",
    ]);
    expect(statusOf(report, "document", "signature")).toEqual([
      "pass:signatureValid",
      "warn:chainNotChecked",
      "pass:signatureValid",
    ]);
    expect(statusOf(report, "document", "certificates")).toEqual(["pass:chainTrusted"]);
    // Not the file the proof records.
    expect(statusOf(report, "document", "hash")).toEqual(["fail:documentHashMismatch"]);
  });

  it("fails a sealed PDF with bytes appended after its seal", async () => {
    const appended = Buffer.concat([sealed, Buffer.from("\n% appended after the seal\n")]);
    const report = await verifySealedDocument({ sealed: appended, proof, trustAnchors: [trusted] });
    expect(statusOf(report, "document", "coverage")).toEqual(["fail:coveragePartial"]);
    expect(report.verdict).toBe("invalid");
  });

  it("fails the certificate chain against another certificate given with --ca: exit 1", async () => {
    const result = run([files.sealed!, files.proof!, "--ca", files.otherCa!]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      "✗ Sealed document: the certificate chain of Paraphe development seal does not lead to any of the certificates given with --ca.",
    );
    expect(result.stdout).toContain("✓ Sealed document, signature “Paraphe”: the signature over");
  });

  it("speaks French with --lang fr, or when LANG starts with fr", async () => {
    const withFlag = run([files.sealed!, files.proof!, "--ca", files.ca!, "--lang", "fr"]);
    expect(withFlag.code).toBe(0);
    expect(withFlag.stdout).toContain("Vérification hors ligne Paraphe");
    expect(withFlag.stdout).toContain("✓ Document scellé, signature «\u00a0Paraphe\u00a0»");
    expect(withFlag.stdout).toMatch(/^Valide\u00a0: /m);

    const fromLocale = run([files.sealed!, files.proof!], { LANG: "fr_FR.UTF-8" });
    expect(fromLocale.code).toBe(3);
    expect(fromLocale.stdout).toMatch(/^Intact, racine non vérifiée/m);
    const forced = run([files.sealed!, files.proof!, "--lang", "en"], { LANG: "fr_FR.UTF-8" });
    expect(forced.stdout).toMatch(/^Intact, root not checked/m);
  });

  it("prints the report as JSON with --json", async () => {
    const result = run([files.sealed!, files.proof!, "--ca", files.ca!, "--json"]);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as {
      verdict: string;
      exitCode: number;
      events: number;
      checks: { status: string; key: string; message: string }[];
    };
    expect(json).toMatchObject({ verdict: "valid", exitCode: 0, events: 5 });
    expect(json.checks.every((check) => check.status === "pass")).toBe(true);
    expect(json.checks.find((check) => check.key === "eventsIntact")?.message).toContain(
      "the chain of 5 events",
    );
  });

  it("answers usage errors and unreadable files with exit code 2", () => {
    expect(run([files.sealed!]).code).toBe(2);
    expect(run([files.sealed!, files.proof!, "--lang", "de"]).code).toBe(2);
    expect(run([files.sealed!, files.proof!, "--frobnicate"]).code).toBe(2);
    expect(run([files.sealed!, tmp.file("missing.pdf")]).code).toBe(2);
    const notPdf = run([files.sealed!, files.ca!]);
    expect(notPdf.code).toBe(2);
    expect(notPdf.stderr).toContain("not a PDF");
    expect(run([files.sealed!, files.proof!, "--ca", files.sealed!]).code).toBe(2);
  });

  it("still lets pdfsig validate the proof that carries the record", () => {
    const nss = nssDatabaseTrusting(trusted.toString());
    try {
      const report = pdfsig(proof, nss.nssdir);
      expect(report).toContain("Signature is Valid");
      expect(report).toContain("Total document signed");
    } finally {
      nss.cleanup();
    }
  });
});

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * The proof with its record changed by `change` and embedded again, appended as an incremental
 * update (what someone editing the attachment in a PDF tool would produce).
 */
async function rewriteRecord(
  proof: Uint8Array,
  change: (record: ProofRecord) => void,
): Promise<Uint8Array> {
  const pdf = await PDF.load(proof);
  const bytes = pdf.getAttachment(PROOF_RECORD_FILENAME);
  const record = proofRecordSchema.parse(JSON.parse(new TextDecoder().decode(bytes ?? undefined)));
  change(record);
  pdf.addAttachment(PROOF_RECORD_FILENAME, new TextEncoder().encode(canonicalJson(record)), {
    overwrite: true,
    mimeType: "application/json",
  });
  return pdf.save({ incremental: true });
}
