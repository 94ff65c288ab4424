/**
 * The process's document worker pool (started on first use, configured at start, closed at
 * shutdown) and the engine's calls that run in it: inspection, previews, stamping and sealing.
 * The pool itself is `document-worker-pool.ts`; its errors `document-worker-errors.ts`.
 */
import type { Config } from "../config";
import type { DataExportFile, DataExportRows } from "./data-export-file";
import { DocumentWorkerPool, type DocumentWorkerPoolOptions } from "./document-worker-pool";
import type { PagePreview, PreviewOptions, PreviewRange, PreviewRangeResult } from "./previews";
import type { SealAttachment, SealOptions, SealResult } from "./seal";
import type { SignerSignatureOptions } from "./signer-signature";
import type { DocumentTaskKind, DocumentTasks } from "./worker-protocol";
import { inSpan } from "../telemetry/tracing";

// The pool and its errors, for the modules and tests that reach them through the shared pool.
export { DocumentWorkerPool, type DocumentTaskEvent } from "./document-worker-pool";
export { DocumentWorkerError, DocumentWorkersBusyError } from "./document-worker-errors";

/** The pool's options from the api's configuration (DOCUMENT_WORKER_* variables). */
export function documentWorkerOptions(
  config: Pick<
    Config,
    "documentWorkerTimeoutSeconds" | "documentWorkerMaxHeapMb" | "documentWorkerQueueLimit"
  >,
): DocumentWorkerPoolOptions {
  return {
    size: 1,
    taskTimeoutMs: config.documentWorkerTimeoutSeconds * 1000,
    maxHeapMb: config.documentWorkerMaxHeapMb,
    queueLimit: config.documentWorkerQueueLimit,
  };
}

let shared: DocumentWorkerPool | undefined;
let sharedOptions: DocumentWorkerPoolOptions = { size: 1 };

/** The process's document worker pool, started on first use. */
export function sharedDocumentWorkers(): DocumentWorkerPool {
  shared ??= new DocumentWorkerPool(sharedOptions);
  return shared;
}

/**
 * Sets the options of the process's pool (call it at start, from the configuration); a pool
 * already started with other options is closed and the next task starts one with these.
 */
export function configureDocumentWorkers(options: DocumentWorkerPoolOptions): void {
  if (JSON.stringify(options) === JSON.stringify(sharedOptions)) return;
  sharedOptions = options;
  const previous = shared;
  shared = undefined;
  void previous?.close();
}

/** Stops the shared document workers; call it when the api shuts down. */
export async function closeDocumentWorkers(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}

/**
 * Runs a task in the shared pool, in a span of its own with tracing (`document <task>`: the task's
 * kind only, never the document's name or content).
 */
function runDocumentTask<K extends DocumentTaskKind>(
  kind: K,
  input: DocumentTasks[K]["input"],
  options: { owner?: string } = {},
): Promise<DocumentTasks[K]["output"]> {
  return inSpan(`document ${kind}`, { "paraphe.document.task": kind }, () =>
    sharedDocumentWorkers().run(kind, input, options),
  );
}

/**
 * Checks a PDF (`inspectPdf`) in a document worker thread; `owner`: the account uploading it, whose
 * share of the uploads lane the task counts in.
 */
export function inspectPdfOffThread(
  pdf: Uint8Array,
  limits: DocumentTasks["inspect"]["input"]["limits"],
  owner?: string,
): Promise<DocumentTasks["inspect"]["output"]> {
  return runDocumentTask("inspect", { pdf, limits }, owner === undefined ? {} : { owner });
}

/**
 * Renders every page of a PDF to an image (WebP, or PNG where WebP encoding is unavailable) with
 * pdf.js and @napi-rs/canvas, in the document worker thread. Call it on a PDF `inspectPdf`
 * accepted: the page limit bounds the work, and each page's pixel area is capped
 * (`MAX_PREVIEW_PIXELS` of `previews.ts`: a huge page is downscaled). A PDF pdf.js cannot read fails with a
 * `DocumentError` "unreadable". `owner`: as for {@link inspectPdfOffThread}.
 */
export function renderPagePreviews(
  bytes: Uint8Array,
  options: PreviewOptions = {},
  owner?: string,
): Promise<PagePreview[]> {
  return runDocumentTask("previews", { pdf: bytes, options }, owner === undefined ? {} : { owner });
}

/**
 * Renders the pages of `range` of a PDF (`renderPreviewRangeInThisThread`: in page order, a page
 * pdf.js cannot draw listed in `failed`, no page started once `range.timeBudgetMs` has passed) in
 * the document worker's uploads lane. `owner`: as for {@link inspectPdfOffThread}.
 */
export function renderPreviewRange(
  bytes: Uint8Array,
  range: PreviewRange,
  options: PreviewOptions = {},
  owner?: string,
): Promise<PreviewRangeResult> {
  return runDocumentTask(
    "previewRange",
    { pdf: bytes, range, options },
    owner === undefined ? {} : { owner },
  );
}

/**
 * Seals a PDF with the platform's certificate: a PAdES signature (ETSI.CAdES.detached, SHA-256)
 * over the whole file, added as an incremental update, at level B-B, B-T or B-LTA (with a
 * timestamp authority at `tsaUrl`; see `sealPdfInThisThread`). Runs in the document worker thread,
 * off the api's event loop. Answers the sealed bytes, the level and what could not be done.
 */
export async function sealPdf(bytes: Uint8Array, options: SealOptions): Promise<SealResult> {
  return runDocumentTask("seal", { pdf: bytes, options });
}

/**
 * Stamps filled fields and seals the result in one document worker task, on one loaded document
 * (`stampAndSealInThisThread`): what completion does to each document.
 */
export function stampAndSealPdf(
  pdf: Uint8Array,
  fields: DocumentTasks["stampAndSeal"]["input"]["fields"],
  options: SealOptions,
  attachments: readonly SealAttachment[] = [],
): Promise<SealResult> {
  return runDocumentTask("stampAndSeal", { pdf, fields, options, attachments });
}

/**
 * Draws one signer's fields on the current revision of a document and adds their advanced
 * signature (`signAsSignerInThisThread`), as one incremental update, in a document worker thread.
 */
export function signAsSigner(
  pdf: Uint8Array,
  fields: DocumentTasks["signerSignature"]["input"]["fields"],
  options: SignerSignatureOptions,
): Promise<Uint8Array> {
  return runDocumentTask("signerSignature", { pdf, fields, options });
}

/**
 * Writes a person's data export file (`writeDataExportInThisThread`: its JSON and the list of its
 * PDFs) in a document worker thread of the sealing lane, off the api's event loop: bounded by the
 * pool's time limit and heap cap, and by `maxBytes` (a larger file fails with a
 * `DataExportTooLargeError` as soon as it passes it).
 */
export function writeDataExportOffThread(
  rows: DataExportRows,
  maxBytes: number,
): Promise<DataExportFile> {
  return runDocumentTask("dataExport", { rows, maxBytes });
}
