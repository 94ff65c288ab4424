import { deserialize, serialize } from "node:v8";
import { type DataExportFile, type DataExportRows } from "./data-export-file";
import { type InspectLimits, type PdfInspection } from "./inspect";
import {
  type PagePreview,
  type PreviewOptions,
  type PreviewRange,
  type PreviewRangeResult,
} from "./previews";
import { type ProofModel } from "./proof-layout";
import { type SealAttachment, type SealOptions, type SealResult } from "./seal";
import { type SignerSignatureOptions } from "./signer-signature";
import { type StampField } from "./stamp";

/** The jobs the document worker threads run: each kind's input and output. */
export interface DocumentTasks {
  inspect: { input: { pdf: Uint8Array; limits: InspectLimits }; output: PdfInspection };
  previews: { input: { pdf: Uint8Array; options: PreviewOptions }; output: PagePreview[] };
  previewRange: {
    input: { pdf: Uint8Array; range: PreviewRange; options: PreviewOptions };
    output: PreviewRangeResult;
  };
  stamp: { input: { pdf: Uint8Array; fields: readonly StampField[] }; output: Uint8Array };
  seal: { input: { pdf: Uint8Array; options: SealOptions }; output: SealResult };
  stampAndSeal: {
    input: {
      pdf: Uint8Array;
      fields: readonly StampField[];
      options: SealOptions;
      attachments?: readonly SealAttachment[];
    };
    output: SealResult;
  };
  /** One signer's fields and advanced signature added to a document's current revision. */
  signerSignature: {
    input: { pdf: Uint8Array; fields: readonly StampField[]; options: SignerSignatureOptions };
    output: Uint8Array;
  };
  proof: { input: ProofModel; output: Uint8Array };
  /** A person's data export file (`data-export-file.ts`), at most `maxBytes`. */
  dataExport: { input: { rows: DataExportRows; maxBytes: number }; output: DataExportFile };
}
export type DocumentTaskKind = keyof DocumentTasks;

/**
 * The two lanes of the pool, each with its own workers and queue: uploads (inspection, previews)
 * and sealing (stamping, sealing, the proof; and the data export, another job's work), so that
 * sealing never waits behind previews.
 */
export type DocumentLane = "uploads" | "sealing";

export const laneOfTask: Readonly<Record<DocumentTaskKind, DocumentLane>> = {
  inspect: "uploads",
  previews: "uploads",
  previewRange: "uploads",
  stamp: "sealing",
  seal: "sealing",
  stampAndSeal: "sealing",
  signerSignature: "sealing",
  proof: "sealing",
  dataExport: "sealing",
};

export interface TaskRequest<K extends DocumentTaskKind = DocumentTaskKind> {
  id: number;
  kind: K;
  input: DocumentTasks[K]["input"];
}

export interface SerializedError {
  name: string;
  message: string;
  code?: string;
  /** A DocumentError's limit numbers (`DocumentError.params`). */
  params?: Record<string, number>;
  stack?: string;
}

/**
 * A task as the pool posts it: the request serialized (node:v8) into bytes whose buffer is
 * transferred, which the worker turns back into the request with {@link decodeTaskRequest}. A worker
 * that runs out of heap while it rebuilds a posted object graph aborts the whole process on
 * Node.js 24 (the clone is made outside JavaScript, where the heap cap cannot stop only the worker);
 * rebuilt from bytes by JavaScript, the same request ends the worker alone (`out_of_memory`).
 */
export function encodeTaskRequest(request: TaskRequest): Uint8Array<ArrayBuffer> {
  const bytes = serialize(request);
  // Transferable only when the bytes own their whole buffer (never a slice of a shared pool).
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? new Uint8Array(bytes.buffer as ArrayBuffer)
    : new Uint8Array(bytes);
}

export function decodeTaskRequest(bytes: Uint8Array): TaskRequest {
  return deserialize(bytes) as TaskRequest;
}

/** What a worker posts: `ready` once loaded, then one answer per task. */
export type WorkerMessage =
  | { type: "ready" }
  | { type: "result"; id: number; ok: true; output: unknown }
  | { type: "result"; id: number; ok: false; error: SerializedError };
