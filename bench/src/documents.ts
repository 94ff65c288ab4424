/**
 * Seal time per page: the api's document engine on generated PDFs of 1, 10 and 100 pages.
 *
 * For each size, the PDF (pdf-lib, as the api's tests make it) gets a signature image stamped on
 * its last page (`stampFields`, as completion does), then the loop alternates:
 * - `sealPdfInThisThread`: the PAdES B-B seal (development RSA-2048 identity, SHA-256) here;
 * - `sealPdf`: the same seal through the document worker thread (what the api calls), so the
 *   difference is the worker round trip (copying the PDF both ways, the message hops);
 * - SHA-256 of the same bytes (node:crypto): the floor any signature over the file must pay.
 */
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  closeDocumentWorkers,
  loadOrCreatePlatformIdentity,
  type SealOptions,
  sealPdf,
  sealPdfInThisThread,
  stampFields,
} from "@paraphe/api/documents";
import { makePdf, makeSignaturePng } from "@paraphe/api/testing";
import { median } from "./stats";

export interface DocumentsOptions {
  pageCounts: number[];
  /** Time spent measuring each size (after the warm-up). */
  budgetMs: number;
  minIterations: number;
  maxIterations: number;
}

export interface DocumentsResult {
  pages: number;
  /** Size of the stamped PDF that is sealed. */
  bytes: number;
  iterations: number;
  stampMs: number;
  sealMs: number;
  workerSealMs: number;
  sha256Ms: number;
}

/** Median time of `fn` run in batches of at least ~2 ms, per call (for sub-millisecond work). */
function timeFast(fn: () => void, samples = 15): number {
  let batch = 1;
  for (;;) {
    const start = performance.now();
    for (let index = 0; index < batch; index++) fn();
    if (performance.now() - start >= 2 || batch >= 1 << 20) break;
    batch *= 2;
  }
  const times: number[] = [];
  for (let sample = 0; sample < samples; sample++) {
    const start = performance.now();
    for (let index = 0; index < batch; index++) fn();
    times.push((performance.now() - start) / batch);
  }
  return median(times);
}

export async function runDocumentsBenchmark(
  options: DocumentsOptions,
  log: (line: string) => void,
): Promise<DocumentsResult[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "paraphe-bench-documents-"));
  try {
    const identity = await loadOrCreatePlatformIdentity({ dataDir });
    const sealOptions: SealOptions = {
      identity,
      level: "B-B",
      reason: "Sealed by Paraphe after every signer signed",
      location: "Paraphe",
      signerName: "Paraphe",
    };
    const signature = await makeSignaturePng();
    const results: DocumentsResult[] = [];
    for (const pages of options.pageCounts) {
      const original = await makePdf({ pages });
      const field = {
        page: pages - 1,
        x: 0.1,
        y: 0.75,
        width: 0.35,
        height: 0.08,
        kind: "signature" as const,
        value: { png: signature },
      };
      // Warm-up: the worker starts and both threads build their signer.
      const stamped = await stampFields(original, [field]);
      await sealPdfInThisThread(stamped, sealOptions);
      await sealPdf(stamped, sealOptions);

      const stamp: number[] = [];
      const seal: number[] = [];
      const worker: number[] = [];
      const deadline = performance.now() + options.budgetMs;
      while (
        seal.length < options.maxIterations &&
        (seal.length < options.minIterations || performance.now() < deadline)
      ) {
        let start = performance.now();
        await stampFields(original, [field]);
        stamp.push(performance.now() - start);
        start = performance.now();
        await sealPdfInThisThread(stamped, sealOptions);
        seal.push(performance.now() - start);
        start = performance.now();
        await sealPdf(stamped, sealOptions);
        worker.push(performance.now() - start);
      }
      const sha256Ms = timeFast(() => createHash("sha256").update(stamped).digest());
      const result: DocumentsResult = {
        pages,
        bytes: stamped.length,
        iterations: seal.length,
        stampMs: median(stamp),
        sealMs: median(seal),
        workerSealMs: median(worker),
        sha256Ms,
      };
      log(`documents: ${pages} page(s), ${seal.length} iterations`);
      results.push(result);
    }
    return results;
  } finally {
    await closeDocumentWorkers();
    await rm(dataDir, { recursive: true, force: true });
  }
}
