import { execFileSync, spawnSync } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import { PDF } from "@libpdf/core";
import {
  PROOF_RECORD_FILENAME,
  PROOF_SEAL_FIELD_NAME,
  buildProofRecord,
  canonicalJson,
  encodeProofRecord,
  proofRecordSchema,
  publicChainHash,
  verifySealedDocument,
  type ProofRecord,
  type VerificationReport,
} from "@paraphe/api-sdk/verify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadOrCreatePlatformIdentity, type PlatformIdentity } from "../documents/certificates";
import { AFRelationship, PDFDocument } from "pdf-lib";
import { sealPdfInThisThread, stampAndSealInThisThread } from "../documents/seal";
import { makePdf, nssDatabaseTrusting, pdfsig, temporaryDirectory } from "../test/documents";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { startTestTsa } from "../test/tsa";
import { testDatabaseKinds } from "../test/databases";
import {
  failure,
  linkFromMail,
  readEveryPage,
  sentEnvelope,
  sign,
  signingClient,
  signUpMember,
} from "../test/envelopes";
import { platformSealOptions } from "./seal-options";

/** The CLI's path once built: the file's four describe blocks (two per database) share one build. */
let cliPath: string | undefined;

/**
 * The built `paraphe-verify` of @paraphe/api-sdk, run as users run it (`node dist/verify/cli.js`):
 * built here with the packages it imports (turbo answers from its cache when nothing changed), once
 * per file.
 */
function builtCli(): string {
  cliPath ??= buildCli();
  return cliPath;
}

function buildCli(): string {
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

/** Runs the built CLI with `args` and only PATH and `env` in its environment. */
function runCli(cli: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [cli, ...args], {
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", ...env },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function statusOf(report: VerificationReport, file: string, aspect: string): string[] {
  return report.checks
    .filter((check) => check.file === file && check.aspect === aspect)
    .map((check) => `${check.status}:${check.message.key}`);
}

/** An envelope sent, signed by its one signer and sealed: its sealed file, proof and original. */
async function sealedEnvelope(
  h: IdentityHarness,
): Promise<{ sealed: Uint8Array; proof: Uint8Array; original: Uint8Array }> {
  const sender = await signUpMember(h, "sender");
  const signer = uniqueEmail("signer");
  const sent = await sentEnvelope(sender, [signer], { title: "Offline check" });
  // The page previews, which the job queue renders after the upload.
  await h.t.jobs.runUntilIdle();
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
  return {
    sealed: await download("sealed"),
    proof: await download("proof"),
    original: await download("original"),
  };
}

describe.each(testDatabaseKinds)("paraphe-verify on a real sealed envelope (%s)", (kind) => {
  let h: IdentityHarness;
  let tsa: Awaited<ReturnType<typeof startTestTsa>>;
  let sealed: Uint8Array;
  let proof: Uint8Array;
  let original: Uint8Array;
  let trusted: X509Certificate;
  let tsaCertificate: X509Certificate;
  let identity: PlatformIdentity;
  let cli: string;
  const tmp = temporaryDirectory("paraphe-verify-");
  const files: Record<string, string> = {};

  const run = (args: string[], env: Record<string, string> = {}) => runCli(cli, args, env);
  /** Both trust anchors: the seal's root and the timestamp authority's. */
  const anchors = () => ["--ca", files.ca!, "--tsa-ca", files.tsaCa!];

  beforeAll(async () => {
    cli = builtCli();
    // PAdES B-LTA, as in production with TSA_URL: the seal's CMS carries a timestamp token, then
    // come the validation data and a document timestamp.
    tsa = await startTestTsa();
    h = await createIdentityHarness(kind, {}, { TSA_URL: tsa.url });
    ({ sealed, proof, original } = await sealedEnvelope(h));
    tsaCertificate = new X509Certificate(tsa.certificatePem);
    identity = await loadOrCreatePlatformIdentity({ dataDir: h.t.config.dataDir });
    trusted = new X509Certificate(identity.certificatePem);
    const other = await loadOrCreatePlatformIdentity({ dataDir: tmp.file("other") });
    files.sealed = tmp.file("sealed.pdf", sealed);
    files.proof = tmp.file("proof.pdf", proof);
    files.original = tmp.file("original.pdf", original);
    files.ca = tmp.file("seal.pem", identity.certificatePem);
    files.otherCa = tmp.file("other.pem", other.certificatePem);
    files.tsaCa = tmp.file("tsa.pem", tsa.certificatePem);
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
      "stepStarted",
      "envelopeOpened",
      "documentSigned",
      "stepEnded",
      "envelopeCompleted",
    ]);
    // The completion event says the seals' level (no notes: nothing was missing).
    expect(record.chain.entries.at(-1)?.event).toMatchObject({
      type: "envelopeCompleted",
      data: { sealLevel: "B-LTA" },
    });
    expect(record.chain.entries.at(-1)?.event).not.toHaveProperty("data.sealNotes");
    const first = record.chain.entries[0];
    expect(first?.previousHash).toBeNull();
    expect(first?.hash).toBe(publicChainHash(null, first?.event ?? { type: "", at: "" }));
    expect(record.chain.head).toBe(record.chain.entries.at(-1)?.hash);
  });

  it("passes a sealed document and its proof, with the seal's and the timestamp authority's certificates as trust anchors: exit 0", async () => {
    const report = await verifySealedDocument({
      sealed,
      proof,
      original,
      trustAnchors: [trusted],
      tsaTrustAnchors: [tsaCertificate],
    });
    // Both seals asked the timestamp authority twice (their tokens and document timestamps).
    expect(tsa.requests()).toBeGreaterThanOrEqual(4);
    expect(report.checks.filter((check) => check.status !== "pass")).toEqual([]);
    expect(report.verdict).toBe("valid");
    expect(report.levels).toEqual({ Paraphe: "B-LTA" });
    for (const file of ["document", "proof"]) {
      expect(statusOf(report, file, "coverage")).toEqual(["pass:coverageValidationData"]);
      expect(statusOf(report, file, "digest")).toEqual(["pass:digestMatch"]);
      expect(statusOf(report, file, "signature")).toEqual(["pass:signatureValid"]);
      expect(statusOf(report, file, "timestamp")).toEqual([
        "pass:timestampValid",
        "pass:documentTimestampValid",
      ]);
      expect(statusOf(report, file, "certificates")).toEqual(["pass:chainTrusted"]);
      expect(statusOf(report, file, "level")).toEqual(["pass:levelReached"]);
    }
    // The seal's chain is checked at the time the token proves.
    const genTime = valueOf(report, "document", "timestamp", "genTime");
    expect(Date.parse(genTime)).not.toBeNaN();
    expect(valueOf(report, "document", "certificates", "date")).toBe(genTime);
    expect(statusOf(report, "proof", "events")).toEqual(["pass:eventsIntact"]);
    expect(statusOf(report, "document", "hash")).toEqual(["pass:documentHashMatch"]);
    expect(statusOf(report, "original", "hash")).toEqual(["pass:originalHashMatch"]);

    const result = run([files.sealed!, files.proof!, ...anchors(), "--original", files.original!]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `✓ Sealed document, signature “Paraphe”: its timestamp token (RFC 3161) proves it existed at ${genTime}: the token of Paraphe test timestamp authority is over this signature, intact,`,
    );
    expect(result.stdout).toContain(
      "✓ Sealed document, signature “Paraphe”: the SHA-256 of the signed bytes matches the digest the signature carries.",
    );
    expect(result.stdout).toContain("✓ Audit-log proof: the chain of 7 events of envelope");
    expect(result.stdout).toContain(
      `✓ Audit-log proof: it carries one signature only, over the whole file, and it is the seal Paraphe puts on its audit-log proofs (“${PROOF_SEAL_FIELD_NAME}”, reason “Audit-log proof of the signature, sealed by Paraphe”).`,
    );
    expect(result.stdout).toContain(
      "✓ Sealed document: its seal's certificate, Paraphe development seal (SHA-256 fingerprint",
    );
    expect(result.stdout).toContain(
      "✓ Sealed document, signature “Paraphe”: PAdES level B-LTA (B-B: signed;",
    );
    expect(result.stdout).not.toContain("✗");
    expect(result.stdout).toMatch(/^Valid: /m);
  });

  it("answers invalid for a forged proof: an upload carrying a paraphe-proof.json that names this sealed document, sealed as Paraphe seals documents", async () => {
    // Invented signers, addresses and times, and the SHA-256 of the real sealed document.
    const at = "2026-11-20T09:00:00.000Z";
    const invented = encodeProofRecord(
      buildProofRecord({
        envelopeId: "forged",
        title: "Offline check",
        generatedAt: new Date(at),
        documents: [{ originalSha256: sha256(original), sealedSha256: sha256(sealed) }],
        events: [
          { type: "envelopeCreated", at, actor: { email: "someone@example.com" } },
          { type: "documentSigned", at, ip: "203.0.113.9", actor: { email: "victim@example.com" } },
        ],
      }),
    );
    const document = await PDFDocument.load(await makePdf());
    await document.attach(invented, PROOF_RECORD_FILENAME, {
      mimeType: "application/json",
      afRelationship: AFRelationship.Data,
    });
    const upload = await document.save();

    // The upload refuses it now...
    const forger = await signUpMember(h, "forger");
    const refused = await failure(
      forger.api.envelope.upload({
        files: [{ filename: "forged.pdf", data: Buffer.from(upload).toString("base64") }],
      }),
    );
    expect(refused.details).toEqual([
      expect.objectContaining({ path: "files.0", message: "embedded_files" }),
    ]);

    // ...and the verifier does not take it as a proof even once sealed, as completion seals
    // documents (the seal appends to the uploaded bytes, the attachment kept).
    const forged = (
      await stampAndSealInThisThread(upload, [], platformSealOptions("document", identity, tsa.url))
    ).bytes;
    expect((await PDF.load(forged)).getAttachment(PROOF_RECORD_FILENAME)).not.toBeNull();
    const report = await verifySealedDocument({
      sealed,
      proof: forged,
      trustAnchors: [trusted],
      tsaTrustAnchors: [tsaCertificate],
    });
    expect(statusOf(report, "proof", "signature")).toEqual(["pass:signatureValid"]);
    expect(statusOf(report, "proof", "origin")).toEqual(["fail:proofSealForeign"]);
    expect(statusOf(report, "proof", "events")).toEqual([]);
    expect(statusOf(report, "document", "hash")).toEqual([]);
    expect(report.verdict).toBe("invalid");

    const result = run([files.sealed!, tmp.file("forged.pdf", forged), ...anchors()]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      "✗ Audit-log proof: its signature “Paraphe” (reason “Sealed by Paraphe after every signer signed”) is not the seal Paraphe puts on its audit-log proofs",
    );
    expect(result.stdout).toMatch(/^Invalid: /m);
  });

  it("pins the seal with --seal-cert: exit 0 with the platform's certificate, 1 with another", () => {
    const own = run([files.sealed!, files.proof!, ...anchors(), "--seal-cert", files.ca!]);
    expect(own.code).toBe(0);
    expect(own.stdout).toContain(
      "✓ Sealed document: its seal was made with the key of the certificate given with --seal-cert, Paraphe development seal",
    );
    const other = run([files.sealed!, files.proof!, ...anchors(), "--seal-cert", files.otherCa!]);
    expect(other.code).toBe(1);
    expect(other.stdout).toContain("not with the key of the certificate given with --seal-cert");
  });

  it("says the root was not checked, with exit code 3, when no --ca is given", async () => {
    const report = await verifySealedDocument({ sealed, proof });
    expect(report.verdict).toBe("root-not-checked");
    expect(statusOf(report, "document", "certificates")).toEqual(["warn:chainRootNotChecked"]);

    const result = run([files.sealed!, files.proof!]);
    expect(result.code).toBe(3);
    expect(result.stdout).toContain("was not checked against a trusted certificate");
  });

  it("says the timestamp authority's root was not checked, with exit code 3, when --ca is given without --tsa-ca", async () => {
    const report = await verifySealedDocument({ sealed, proof, trustAnchors: [trusted] });
    expect(report.verdict).toBe("root-not-checked");
    for (const file of ["document", "proof"]) {
      expect(statusOf(report, file, "timestamp")).toEqual([
        "warn:timestampRootNotChecked",
        "warn:documentTimestampRootNotChecked",
      ]);
      expect(statusOf(report, file, "certificates")).toEqual(["pass:chainTrusted"]);
    }

    const result = run([files.sealed!, files.proof!, "--ca", files.ca!]);
    expect(result.code).toBe(3);
    expect(result.stdout).toContain(
      "! Sealed document, signature “Paraphe”: its timestamp token of Paraphe test timestamp authority (",
    );
    expect(result.stdout).toContain("(give it with --tsa-ca)");
    expect(result.stdout).toMatch(/^Intact, root not checked/m);
  });

  it("fails a timestamp token changed inside the seal's /Contents, outside the signed bytes: exit 1", async () => {
    const tampered = changeTimestampToken(sealed);
    const report = await verifySealedDocument({
      sealed: tampered,
      proof,
      trustAnchors: [trusted],
      tsaTrustAnchors: [tsaCertificate],
    });
    // The byte range does not cover /Contents: the seal's own digest and signature still check out.
    expect(statusOf(report, "document", "digest")).toEqual(["pass:digestMatch"]);
    expect(statusOf(report, "document", "signature")).toEqual(["pass:signatureValid"]);
    // The document timestamp covers the seal's /Contents: it no longer matches either.
    expect(statusOf(report, "document", "timestamp")).toEqual([
      "fail:timestampSignatureInvalid",
      "fail:documentTimestampImprintMismatch",
    ]);
    expect(report.verdict).toBe("invalid");

    const result = run([tmp.file("changed-token.pdf", tampered), files.proof!, ...anchors()]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      "✗ Sealed document, signature “Paraphe”: its timestamp token of Paraphe test timestamp authority does not verify: it was changed after the timestamp authority signed it.",
    );
    expect(result.stdout).toMatch(/^Invalid: /m);
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

  it("fails a proof with one event changed, and does not read the record appended after its seal: exit 1", async () => {
    const changed = await rewriteRecord(proof, (record) => {
      const opened = record.chain.entries[2];
      if (opened === undefined) throw new Error("no third event");
      opened.event = { ...opened.event, ip: "198.51.100.66" };
    });
    const report = await verifySealedDocument({ sealed, proof: changed, trustAnchors: [trusted] });
    expect(report.verdict).toBe("invalid");
    // Appended after the seal: the revision changes more than validation data, and a file
    // that does not end with its seal (and its validation data) is not taken as a proof.
    expect(statusOf(report, "proof", "coverage")).toEqual(["fail:coverageModifiedAfter"]);
    expect(statusOf(report, "proof", "origin")).toEqual(["fail:proofAppended"]);
    expect(statusOf(report, "proof", "events")).toEqual([]);

    const result = run([files.sealed!, tmp.file("changed-event.pdf", changed), "--ca", files.ca!]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `✗ Audit-log proof: it was changed after its seal “${PROOF_SEAL_FIELD_NAME}”: an audit-log proof made by Paraphe ends with its seal`,
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
    expect(statusOf(report, "proof", "coverage")).toEqual(["fail:coverageModifiedAfter"]);
    expect(statusOf(report, "proof", "origin")).toEqual(["fail:proofAppended"]);
    expect(statusOf(report, "proof", "events")).toEqual([]);
    expect(report.verdict).toBe("invalid");
  });

  it("checks a signature the document carried before the seal over its own revision, its signer's chain against the trusted roots", async () => {
    const sealedAgain = (
      await sealPdfInThisThread(sealed, {
        identity,
        level: "B-B",
        reason: "A second seal over the first",
        location: "Paraphe",
        signerName: "Paraphe",
      })
    ).bytes;
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
      "pass:signatureValid",
    ]);
    // The earlier signature's chain is checked against the trusted roots too.
    expect(statusOf(report, "document", "certificates")).toEqual([
      "pass:chainTrusted",
      "pass:chainTrusted",
    ]);
    // Not the file the proof records.
    expect(statusOf(report, "document", "hash")).toEqual(["fail:documentHashMismatch"]);
  });

  it("fails a sealed PDF with bytes appended after its seal", async () => {
    const appended = Buffer.concat([sealed, Buffer.from("\n% appended after the seal\n")]);
    const report = await verifySealedDocument({ sealed: appended, proof, trustAnchors: [trusted] });
    expect(statusOf(report, "document", "coverage")).toEqual(["fail:coverageModifiedAfter"]);
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
    const withFlag = run([files.sealed!, files.proof!, ...anchors(), "--lang", "fr"]);
    expect(withFlag.code).toBe(0);
    expect(withFlag.stdout).toContain("Vérification hors ligne Paraphe");
    expect(withFlag.stdout).toContain("✓ Document scellé, signature «\u00a0Paraphe\u00a0»");
    expect(withFlag.stdout).toContain(
      "son jeton d’horodatage (RFC 3161) prouve qu’elle existait le",
    );
    expect(withFlag.stdout).toMatch(/^Valide\u00a0: /m);

    const fromLocale = run([files.sealed!, files.proof!], { LANG: "fr_FR.UTF-8" });
    expect(fromLocale.code).toBe(3);
    expect(fromLocale.stdout).toMatch(/^Intact, racine non vérifiée/m);
    const forced = run([files.sealed!, files.proof!, "--lang", "en"], { LANG: "fr_FR.UTF-8" });
    expect(forced.stdout).toMatch(/^Intact, root not checked/m);
  });

  it("prints the report as JSON with --json", async () => {
    const result = run([files.sealed!, files.proof!, ...anchors(), "--json"]);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as {
      verdict: string;
      exitCode: number;
      events: number;
      checks: { aspect: string; status: string; key: string; message: string }[];
    };
    expect(json).toMatchObject({ verdict: "valid", exitCode: 0, events: 7 });
    expect(json.checks.every((check) => check.status === "pass")).toBe(true);
    expect(
      json.checks.filter((check) => check.aspect === "timestamp").map((check) => check.key),
    ).toEqual([
      "timestampValid",
      "documentTimestampValid",
      "timestampValid",
      "documentTimestampValid",
    ]);
    expect(json.checks.find((check) => check.key === "eventsIntact")?.message).toContain(
      "the chain of 7 events",
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
    expect(run([files.sealed!, files.proof!, "--tsa-ca", files.sealed!]).code).toBe(2);
  });

  it("still lets pdfsig validate the proof that carries the record", () => {
    const nss = nssDatabaseTrusting(trusted.toString());
    try {
      // The seal covers the file up to its validation data and document timestamp (B-LTA).
      const report = pdfsig(proof, nss.nssdir);
      expect(report).toContain("Signature is Valid");
      expect(report).toContain("Signature Field Name: Paraphe archival timestamp");
    } finally {
      nss.cleanup();
    }
  });
});

describe.each(testDatabaseKinds)("paraphe-verify on a PAdES B-B envelope (%s)", (kind) => {
  let h: IdentityHarness;
  let sealed: Uint8Array;
  let proof: Uint8Array;
  let trusted: X509Certificate;
  let cli: string;
  const tmp = temporaryDirectory("paraphe-verify-bb-");

  beforeAll(async () => {
    cli = builtCli();
    // No TSA_URL: the seals carry no timestamp token.
    h = await createIdentityHarness(kind);
    ({ sealed, proof } = await sealedEnvelope(h));
    const identity = await loadOrCreatePlatformIdentity({ dataDir: h.t.config.dataDir });
    trusted = new X509Certificate(identity.certificatePem);
  }, 240_000);
  afterAll(async () => {
    await h.destroy();
    tmp.cleanup();
  });

  it("keeps the verdict of a seal without a timestamp token, saying its signing time is only claimed", async () => {
    const report = await verifySealedDocument({ sealed, proof, trustAnchors: [trusted] });
    expect(report.verdict).toBe("valid");
    for (const file of ["document", "proof"]) {
      expect(statusOf(report, file, "timestamp")).toEqual(["warn:timestampMissing"]);
      expect(statusOf(report, file, "certificates")).toEqual(["pass:chainTrusted"]);
      expect(valueOf(report, file, "timestamp", "date")).toBe(
        valueOf(report, file, "certificates", "date"),
      );
    }
    expect(report.checks.filter((check) => check.status === "fail")).toEqual([]);

    const args = [tmp.file("sealed.pdf", sealed), tmp.file("proof.pdf", proof)];
    const result = runCli(cli, [...args, "--ca", tmp.file("seal.pem", trusted.toString())]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      "! Sealed document, signature “Paraphe”: it carries no timestamp token (PAdES B-B): its signing time (",
    );
    expect(result.stdout).toMatch(/^Valid: /m);
    // Without --ca, the root is unchecked as before.
    expect((await verifySealedDocument({ sealed, proof })).verdict).toBe("root-not-checked");
  });
});

function valueOf(report: VerificationReport, file: string, aspect: string, name: string): string {
  const check = report.checks.find((item) => item.file === file && item.aspect === aspect);
  return String(check?.message.values[name]);
}

/**
 * The sealed PDF with one digit of its timestamp token's genTime changed, in the seal's /Contents
 * hexadecimal string (outside the byte range the seal signs; the document timestamp after it is
 * another signature dictionary, of /SubFilter /ETSI.RFC3161).
 */
function changeTimestampToken(sealed: Uint8Array): Uint8Array {
  const text = Buffer.from(sealed).toString("latin1");
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const range = ranges.findLast(
    (match) => !text.slice(text.lastIndexOf("<<", match.index), match.index).includes("RFC3161"),
  );
  if (range === undefined) throw new Error("no /ByteRange");
  const [gapStart, gapEnd] = [Number(range[2]), Number(range[3])];
  const hex = text.slice(gapStart + 1, gapEnd - 1);
  const der = Buffer.from(hex, "hex");
  // The token's TSTInfo genTime: the CMS's first GeneralizedTime of 15 characters
  // (YYYYMMDDhhmmssZ; the certificates' and attributes' times are UTCTime).
  const at = der.indexOf(Buffer.from([0x18, 0x0f]));
  if (at < 0) throw new Error("no GeneralizedTime in the seal's CMS");
  const digit = at + 2 + 13;
  const changed = ((der[digit] ?? 0) ^ 0x01).toString(16).padStart(2, "0");
  const offset = gapStart + 1 + 2 * digit;
  const tampered = Uint8Array.from(sealed);
  const original = text.slice(offset, offset + 2);
  const replacement = original === original.toUpperCase() ? changed.toUpperCase() : changed;
  tampered.set(Buffer.from(replacement, "latin1"), offset);
  return tampered;
}

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
