/**
 * Completing a 100-page envelope versus a bare PAdES signature of the same file.
 *
 * - `stamp + seal + proof`: what completion does to the document, in this thread: the signature
 *   image stamped on the last page and the result sealed on the same loaded document
 *   (`stampAndSealInThisThread`, PAdES B-B, the development RSA-2048 identity), the audit-log
 *   proof laid out (`proofModel` + `layoutProofInThisThread`, 8 events) and sealed too;
 * - for contrast, `stamp, then seal`: the same stamp and seal as two steps, the document loaded
 *   and saved by each (`stampFields`, then `sealPdfInThisThread`), as completion did before;
 * - `bare PAdES`: @libpdf/core alone on the original PDF (`PDF.load` + `pdf.sign`, B-B, SHA-256,
 *   the same key and certificate): the floor any PAdES seal of that file pays.
 * They alternate in one loop; the table keeps the medians and their ratio.
 *
 * Then the event-loop lag while sealing: `monitorEventLoopDelay` runs while the same pipeline runs
 * the way the api runs it (stamp and seal, then the proof, in the document worker thread:
 * `stampAndSealPdf`, `renderProof`, `sealPdf`), and, for contrast, while it runs in this
 * thread. The lag is how long a timer (or a request) waits behind the work.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { CryptoKeySigner, P12Signer, PDF, type Signer } from "@libpdf/core";
import {
  type AuditEvent,
  closeDocumentWorkers,
  layoutProofInThisThread,
  loadOrCreatePlatformIdentity,
  type PlatformIdentity,
  type ProofInput,
  proofModel,
  renderProof,
  type SealOptions,
  sealPdf,
  sealPdfInThisThread,
  stampAndSealInThisThread,
  stampAndSealPdf,
  stampFields,
} from "@paraphe/api/documents";
import { makePdf, makeSignaturePng } from "@paraphe/api/testing";
import { median } from "./stats";

export interface CompletionOptions {
  pages: number;
  budgetMs: number;
  minIterations: number;
  maxIterations: number;
  /** Pipelines run off thread (and in this thread) while the event-loop lag is recorded. */
  lagRuns: number;
}

export interface EventLoopLag {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface CompletionResult {
  pages: number;
  bytes: number;
  iterations: number;
  /** Stamped and sealed on one loaded document (what completion does). */
  stampSealMs: number;
  /** The same as two steps, each loading and saving the document (for contrast). */
  stampThenSealMs: number;
  proofMs: number;
  pipelineMs: number;
  barePadesMs: number;
  lagOffThread: EventLoopLag;
  lagInThread: EventLoopLag;
}

async function signerOf(identity: PlatformIdentity): Promise<Signer> {
  if (identity.key.format === "pkcs12") {
    return P12Signer.create(identity.key.p12, identity.key.passphrase);
  }
  const key = await crypto.subtle.importKey(
    "pkcs8",
    identity.key.pkcs8,
    { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return new CryptoKeySigner(key, identity.certificate, "RSA", "RSASSA-PKCS1-v1_5");
}

async function lagWhile(work: () => Promise<void>): Promise<EventLoopLag> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  await work();
  histogram.disable();
  const ms = (nanoseconds: number): number => nanoseconds / 1e6;
  return {
    p50Ms: ms(histogram.percentile(50)),
    p99Ms: ms(histogram.percentile(99)),
    maxMs: ms(histogram.max),
  };
}

export async function runCompletionBenchmark(
  options: CompletionOptions,
  log: (line: string) => void,
): Promise<CompletionResult> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "paraphe-bench-completion-"));
  try {
    const identity = await loadOrCreatePlatformIdentity({ dataDir });
    const sealOptions: SealOptions = {
      identity,
      level: "B-B",
      reason: "Sealed by Paraphe after every signer signed",
      location: "Paraphe",
      signerName: "Paraphe",
    };
    const signer = await signerOf(identity);
    const signature = await makeSignaturePng();
    const original = await makePdf({ pages: options.pages });
    const field = {
      page: options.pages - 1,
      x: 0.1,
      y: 0.75,
      width: 0.35,
      height: 0.08,
      kind: "signature" as const,
      value: { png: signature },
    };
    const person = { name: "Ada Lovelace", email: "ada@example.com" };
    const events: AuditEvent[] = Array.from({ length: 8 }, (_, index) => ({
      type: "envelopeOpened",
      at: new Date(Date.UTC(2026, 10, 23, 10, index)).toISOString(),
      actor: person,
      ip: "203.0.113.7",
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      data: {},
    }));
    const proofInput: ProofInput = {
      language: "en",
      title: "Service agreement",
      envelopeId: "0b8e4c6e-2f7d-4d8a-9c51-7f3e2a1b9d40",
      originalSha256: "a".repeat(64),
      sealedSha256: "b".repeat(64),
      events,
      signers: [
        { ...person, signedAt: new Date("2026-11-23T10:09:00.000Z"), signatureImage: signature },
      ],
      generatedAt: new Date("2026-11-23T10:10:00.000Z"),
      timeZone: "UTC",
    };

    const parts = { stampSeal: 0, proof: 0 };
    const pipelineInThread = async (): Promise<void> => {
      let start = performance.now();
      await stampAndSealInThisThread(original, [field], sealOptions);
      parts.stampSeal = performance.now() - start;
      start = performance.now();
      const proof = await layoutProofInThisThread(proofModel(proofInput));
      await sealPdfInThisThread(proof, sealOptions);
      parts.proof = performance.now() - start;
    };
    const stampThenSeal = async (): Promise<void> => {
      await sealPdfInThisThread(await stampFields(original, [field]), sealOptions);
    };
    const pipelineOffThread = async (): Promise<void> => {
      await stampAndSealPdf(original, [field], sealOptions);
      await sealPdf(await renderProof(proofInput), sealOptions);
    };
    const barePades = async (): Promise<void> => {
      const pdf = await PDF.load(original);
      await pdf.sign({ signer, level: "B-B", digestAlgorithm: "SHA-256", fieldName: "Seal" });
    };

    // Warm-up: fonts, the signers, the worker.
    await pipelineInThread();
    await barePades();
    await stampThenSeal();
    await pipelineOffThread();

    const stampSeal: number[] = [];
    const twoSteps: number[] = [];
    const proof: number[] = [];
    const pipeline: number[] = [];
    const bare: number[] = [];
    const deadline = performance.now() + options.budgetMs;
    while (
      pipeline.length < options.maxIterations &&
      (pipeline.length < options.minIterations || performance.now() < deadline)
    ) {
      let start = performance.now();
      await pipelineInThread();
      pipeline.push(performance.now() - start);
      stampSeal.push(parts.stampSeal);
      proof.push(parts.proof);
      start = performance.now();
      await barePades();
      bare.push(performance.now() - start);
      start = performance.now();
      await stampThenSeal();
      twoSteps.push(performance.now() - start);
    }
    log(`completion: ${pipeline.length} iterations; event-loop lag over ${options.lagRuns} runs`);

    const lagOffThread = await lagWhile(async () => {
      for (let run = 0; run < options.lagRuns; run++) await pipelineOffThread();
    });
    const lagInThread = await lagWhile(async () => {
      for (let run = 0; run < options.lagRuns; run++) await pipelineInThread();
    });
    return {
      pages: options.pages,
      bytes: original.length,
      iterations: pipeline.length,
      stampSealMs: median(stampSeal),
      stampThenSealMs: median(twoSteps),
      proofMs: median(proof),
      pipelineMs: median(pipeline),
      barePadesMs: median(bare),
      lagOffThread,
      lagInThread,
    };
  } finally {
    await closeDocumentWorkers();
    await rm(dataDir, { recursive: true, force: true });
  }
}
