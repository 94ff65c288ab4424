/**
 * Why a PDF was refused or could not be processed. The codes are stable: the upload route maps
 * them to the api's error shape and the web app to a translated message.
 */
export type DocumentErrorCode =
  | "not_pdf"
  | "too_large"
  | "truncated"
  | "unreadable"
  | "encrypted"
  | "too_many_pages"
  | "no_pages"
  /** Processing it exceeded the document worker's time limit or heap cap. */
  | "too_complex"
  | "certified"
  | "signatures_not_kept"
  /** Active content (`active-content.ts`): files embedded in the PDF. */
  | "embedded_files"
  /** Active content: JavaScript. */
  | "javascript"
  /** Active content: actions a reader runs by itself (`/AA`, an `/OpenAction` other than a page). */
  | "automatic_actions";

/**
 * The numbers of a limit a document went over, sent with the refusal so that the apps say them:
 * `count` (pages) or `size` (bytes) the document has, and the `limit`.
 */
export type DocumentErrorParams = Readonly<Record<string, number>>;

/** A document problem, with a stable code and an English message suitable for logs. */
export class DocumentError extends Error {
  readonly code: DocumentErrorCode;
  readonly params: DocumentErrorParams | undefined;

  constructor(
    code: DocumentErrorCode,
    message: string,
    options?: { cause?: unknown; params?: DocumentErrorParams },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "DocumentError";
    this.code = code;
    this.params = options?.params;
  }
}

export function isDocumentError(value: unknown): value is DocumentError {
  return value instanceof DocumentError;
}
