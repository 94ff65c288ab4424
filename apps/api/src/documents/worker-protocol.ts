import { type PagePreview, type PreviewOptions } from "./previews";
import { type ProofModel } from "./proof-layout";
import { type SealOptions } from "./seal";

/** The jobs the document worker thread runs: each kind's input and output. */
export interface DocumentTasks {
  seal: { input: { pdf: Uint8Array; options: SealOptions }; output: Uint8Array };
  previews: { input: { pdf: Uint8Array; options: PreviewOptions }; output: PagePreview[] };
  proof: { input: ProofModel; output: Uint8Array };
}
export type DocumentTaskKind = keyof DocumentTasks;

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

export type TaskResponse =
  { id: number; ok: true; output: unknown } | { id: number; ok: false; error: SerializedError };
