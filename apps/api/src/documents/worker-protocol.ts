import { type InspectLimits, type PdfInspection } from "./inspect";
import { type PagePreview, type PreviewOptions } from "./previews";
import { type ProofModel } from "./proof-layout";
import { type SealOptions } from "./seal";
import { type StampField } from "./stamp";

/** The jobs the document worker threads run: each kind's input and output. */
export interface DocumentTasks {
  inspect: { input: { pdf: Uint8Array; limits: InspectLimits }; output: PdfInspection };
  previews: { input: { pdf: Uint8Array; options: PreviewOptions }; output: PagePreview[] };
  stamp: { input: { pdf: Uint8Array; fields: readonly StampField[] }; output: Uint8Array };
  seal: { input: { pdf: Uint8Array; options: SealOptions }; output: Uint8Array };
  stampAndSeal: {
    input: { pdf: Uint8Array; fields: readonly StampField[]; options: SealOptions };
    output: Uint8Array;
  };
  proof: { input: ProofModel; output: Uint8Array };
}
export type DocumentTaskKind = keyof DocumentTasks;

/**
 * The two lanes of the pool, each with its own workers and queue: uploads (inspection, previews)
 * and sealing (stamping, sealing, the proof), so that sealing never waits behind previews.
 */
export type DocumentLane = "uploads" | "sealing";

export const laneOfTask: Readonly<Record<DocumentTaskKind, DocumentLane>> = {
  inspect: "uploads",
  previews: "uploads",
  stamp: "sealing",
  seal: "sealing",
  stampAndSeal: "sealing",
  proof: "sealing",
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
  stack?: string;
}

/** What a worker posts: `ready` once loaded, then one answer per task. */
export type WorkerMessage =
  | { type: "ready" }
  | { type: "result"; id: number; ok: true; output: unknown }
  | { type: "result"; id: number; ok: false; error: SerializedError };
