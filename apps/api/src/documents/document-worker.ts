import { parentPort } from "node:worker_threads";
import { writeDataExportInThisThread } from "./data-export-file";
import { DocumentError } from "./document-error";
import { inspectPdf } from "./inspect";
import { renderPagePreviewsInThisThread, renderPreviewRangeInThisThread } from "./previews";
import { layoutProofInThisThread } from "./proof-layout";
import { sealPdfInThisThread, stampAndSealInThisThread } from "./seal";
import { signAsSignerInThisThread } from "./signer-signature";
import { stampFields } from "./stamp";
import {
  decodeTaskRequest,
  type DocumentTaskKind,
  type DocumentTasks,
  type WorkerMessage,
} from "./worker-protocol";

/** A document worker thread: runs one task at a time for the pool in `worker-pool.ts`. */
type Handlers = {
  [K in DocumentTaskKind]: (
    input: DocumentTasks[K]["input"],
  ) => Promise<DocumentTasks[K]["output"]>;
};

const handlers: Handlers = {
  inspect: ({ pdf, limits }) => inspectPdf(pdf, limits),
  previews: ({ pdf, options }) => renderPagePreviewsInThisThread(pdf, options),
  previewRange: ({ pdf, range, options }) => renderPreviewRangeInThisThread(pdf, range, options),
  stamp: ({ pdf, fields }) => stampFields(pdf, fields),
  seal: ({ pdf, options }) => sealPdfInThisThread(pdf, options),
  stampAndSeal: ({ pdf, fields, options, attachments }) =>
    stampAndSealInThisThread(pdf, fields, options, attachments),
  signerSignature: ({ pdf, fields, options }) => signAsSignerInThisThread(pdf, fields, options),
  proof: (model) => layoutProofInThisThread(model),
  // Async, so that its refusal is a rejection rather than a throw out of the message handler.
  dataExport: async ({ rows, maxBytes }) => writeDataExportInThisThread(rows, maxBytes),
};

/** Buffers that can move to the parent thread instead of being copied: whole, unshared ones. */
function transferables(output: unknown): ArrayBuffer[] {
  const items: unknown =
    typeof output === "object" && output !== null && "previews" in output
      ? (output as { previews: unknown }).previews
      : typeof output === "object" && output !== null && "file" in output
        ? (output as { file: unknown }).file
        : output;
  const views = Array.isArray(items) ? items.map((item: { data?: unknown }) => item.data) : [items];
  return views.flatMap((view) =>
    view instanceof Uint8Array &&
    view.buffer instanceof ArrayBuffer &&
    view.byteOffset === 0 &&
    view.byteLength === view.buffer.byteLength
      ? [view.buffer]
      : [],
  );
}

const port = parentPort;
if (!port) throw new Error("document-worker must run in a worker thread");

port.on("message", (bytes: Uint8Array) => {
  const request = decodeTaskRequest(bytes);
  const handler = handlers[request.kind] as (input: unknown) => Promise<unknown>;
  handler(request.input).then(
    (output) => {
      const message: WorkerMessage = { type: "result", id: request.id, ok: true, output };
      try {
        port.postMessage(message, transferables(output));
      } catch {
        port.postMessage(message);
      }
    },
    (error: unknown) => {
      const failure = error instanceof Error ? error : new Error(String(error));
      const message: WorkerMessage = {
        type: "result",
        id: request.id,
        ok: false,
        error: {
          name: failure.name,
          message: failure.message,
          code: (failure as { code?: unknown }).code as string | undefined,
          ...(failure instanceof DocumentError && failure.params !== undefined
            ? { params: { ...failure.params } }
            : {}),
          stack: failure.stack,
        },
      };
      port.postMessage(message);
    },
  );
});

const ready: WorkerMessage = { type: "ready" };
port.postMessage(ready);
