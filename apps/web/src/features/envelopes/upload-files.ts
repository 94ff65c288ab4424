import { isApiError } from "@paraphe/api-sdk";
import { MAX_DOCUMENTS_PER_ENVELOPE } from "@paraphe/api-sdk/contract";

/** The largest PDF the app sends (the api has its own limit from configuration). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export { MAX_DOCUMENTS_PER_ENVELOPE };

/** Why a chosen file is refused before sending, as a validation word. */
export function pdfFileProblem(file: File): "not_pdf" | "too_large" | "empty" | null {
  const looksPdf = file.type === "application/pdf" || /\.pdf$/i.test(file.name);
  if (!looksPdf) return "not_pdf";
  if (file.size === 0) return "empty";
  if (file.size > MAX_UPLOAD_BYTES) return "too_large";
  return null;
}

/** A file's bytes as base64, reporting how many bytes were read (real progress of this stage). */
export function readAsBase64(file: File, onProgress?: (loaded: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => onProgress?.(event.loaded);
    reader.onload = () => {
      const dataUrl = String(reader.result);
      onProgress?.(file.size);
      resolve(dataUrl.slice(dataUrl.indexOf(",") + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error("The file cannot be read"));
    reader.readAsDataURL(file);
  });
}

/** Whether base64 data starts like a PDF (`%PDF-` is `JVBERi0` in base64). */
export function startsLikePdf(base64: string): boolean {
  return base64.startsWith("JVBERi0");
}

/**
 * The api's word for each file of a refused upload (`files.<index>...` field problems), and the
 * problems that name no file.
 */
export function uploadFieldErrors(error: unknown): {
  byFile: Map<number, string>;
  /** The numbers of the limit a file went over (`{ count, limit }` pages, `{ size, limit }` bytes). */
  paramsByFile: Map<number, UploadProblemParams>;
  other: boolean;
} {
  const byFile = new Map<number, string>();
  const paramsByFile = new Map<number, UploadProblemParams>();
  let other = false;
  if (!isApiError(error) || !error.details?.length) return { byFile, paramsByFile, other: true };
  for (const detail of error.details) {
    const match = /^files\.(\d+)(\.|$)/.exec(detail.path);
    if (match) {
      byFile.set(Number(match[1]), detail.message || detail.code);
      if (detail.params) paramsByFile.set(Number(match[1]), detail.params);
    } else other = true;
  }
  return { byFile, paramsByFile, other };
}

/** The numbers of a limit, as the api sends them in a field problem's `params`. */
export type UploadProblemParams = Readonly<Record<string, number>>;

/** The refusals of a file that have their own message (`web:envelopes.upload.problems`). */
const UPLOAD_PROBLEMS = [
  "not_pdf",
  "too_large",
  "empty",
  "truncated",
  "unreadable",
  "encrypted",
  "too_many_pages",
  "no_pages",
  "too_complex",
  "certified",
  "signatures_not_kept",
  "embedded_files",
  "javascript",
  "automatic_actions",
  "invalid_file",
  "cloud_drive_failed",
] as const;
export type UploadProblem = (typeof UPLOAD_PROBLEMS)[number] | "other";

/** The message key of a file's refusal word; `other` for a word without its own message. */
export function uploadProblemKey(word: string): UploadProblem {
  return (UPLOAD_PROBLEMS as readonly string[]).includes(word) ? (word as UploadProblem) : "other";
}
