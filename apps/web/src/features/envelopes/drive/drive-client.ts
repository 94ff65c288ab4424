import { MAX_UPLOAD_BYTES, readAsBase64 } from "../upload-files";

/** The Drive API's address: file metadata and contents (`?alt=media`). */
export const DRIVE_FILES_URL = "https://www.googleapis.com/drive/v3/files";

/** The only scope asked: the files the member picks, nothing else of their Drive. */
export const DRIVE_FILE_SCOPE = "https://www.googleapis.com/auth/drive.file";

const PDF_MIME_TYPE = "application/pdf";

/** A file chosen in the Picker, as the Picker describes it. */
export interface DrivePickedFile {
  id: string;
  name: string;
  mimeType: string;
  /** Size in bytes as the Picker gives it (absent for some files). */
  sizeBytes: number | undefined;
}

/** The member's choice: the files picked (none when the Picker is closed). */
export interface DrivePickOptions {
  /** The most files the member may pick. */
  max: number;
  /** The Picker's language (`en`, `fr`). */
  language: string;
}

/**
 * The Google side of the import: an access token for the files the member picks, and the Picker.
 * The real one (`google-picker.ts`) loads Google's scripts; tests give a fake one.
 */
export interface DrivePicker {
  /** An access token with the `drive.file` scope; rejects with `DriveAuthorizationError`. */
  authorize(): Promise<string>;
  /** Opens the Picker; resolves with the picked files, or none when the member closes it. */
  pick(token: string, options: DrivePickOptions): Promise<DrivePickedFile[]>;
}

/** What the import page uses: pick files, then download each one. */
export interface DriveClient {
  pickFiles(options: DrivePickOptions): Promise<DrivePickedFile[]>;
  /** The file's bytes as base64, reporting the bytes received; rejects with `DriveFileError`. */
  download(file: DrivePickedFile, onProgress: (loaded: number) => void): Promise<string>;
}

/** Google refused the access token, or its window could not open (spec §8: cloud drive failed). */
export class DriveAuthorizationError extends Error {
  constructor(readonly reason: string) {
    super(`Google refused the access token: ${reason}`);
    this.name = "DriveAuthorizationError";
  }
}

/** Google's scripts or the Picker did not load (offline, blocked): Google Drive cannot be opened. */
export class DriveUnavailableError extends Error {
  constructor(detail: string) {
    super(`Google Drive cannot be opened: ${detail}`);
    this.name = "DriveUnavailableError";
  }
}

/** The member closed Google's window: not an error, the page stays as it was. */
export class DrivePickCanceled extends Error {
  constructor() {
    super("The member closed Google's window");
    this.name = "DrivePickCanceled";
  }
}

/**
 * A picked file that cannot be imported, with the refusal word of the import's file list: too
 * large, not a PDF, empty (the upload's own words), or `cloud_drive_failed` when Drive did not
 * give the file.
 */
export class DriveFileError extends Error {
  constructor(
    readonly problem: "too_large" | "not_pdf" | "empty" | "cloud_drive_failed",
    detail: string,
  ) {
    super(detail);
    this.name = "DriveFileError";
  }
}

/** The refusal found from the Picker's description alone, before anything is downloaded. */
export function pickedFileProblem(file: DrivePickedFile): "not_pdf" | "too_large" | "empty" | null {
  if (file.mimeType !== PDF_MIME_TYPE) return "not_pdf";
  if (file.sizeBytes === 0) return "empty";
  if (file.sizeBytes !== undefined && file.sizeBytes > MAX_UPLOAD_BYTES) return "too_large";
  return null;
}

const FILE_ID = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * Downloads one Drive file with the member's token: its metadata first (a file that is not a PDF or
 * is over the upload limit is refused before its contents are asked for), then its contents,
 * counted while they arrive and cut off past the limit.
 */
export async function downloadDriveFile(
  file: Pick<DrivePickedFile, "id" | "name">,
  token: string,
  onProgress: (loaded: number) => void,
  fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args),
): Promise<string> {
  if (!FILE_ID.test(file.id)) throw new DriveFileError("cloud_drive_failed", "invalid file id");
  const url = `${DRIVE_FILES_URL}/${file.id}`;
  const headers = { Authorization: `Bearer ${token}` };
  const failed = (detail: string) => new DriveFileError("cloud_drive_failed", detail);

  let metadataResponse: Response;
  try {
    metadataResponse = await fetchImpl(`${url}?fields=id,name,mimeType,size`, { headers });
  } catch (error) {
    throw failed(`metadata: ${String(error)}`);
  }
  if (!metadataResponse.ok) throw failed(`metadata: HTTP ${metadataResponse.status}`);
  const metadata = (await metadataResponse.json().catch(() => null)) as {
    mimeType?: unknown;
    size?: unknown;
  } | null;
  if (metadata?.mimeType !== PDF_MIME_TYPE) throw new DriveFileError("not_pdf", "not a PDF");
  const size = Number(metadata.size);
  if (!Number.isFinite(size)) throw failed("metadata without a size");
  if (size > MAX_UPLOAD_BYTES) throw new DriveFileError("too_large", `${size} bytes`);
  if (size === 0) throw new DriveFileError("empty", "empty file");

  const controller = new AbortController();
  let response: Response;
  try {
    response = await fetchImpl(`${url}?alt=media`, { headers, signal: controller.signal });
  } catch (error) {
    throw failed(`contents: ${String(error)}`);
  }
  if (!response.ok || !response.body) throw failed(`contents: HTTP ${response.status}`);

  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let loaded = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      loaded += value.byteLength;
      if (loaded > MAX_UPLOAD_BYTES) {
        controller.abort();
        throw new DriveFileError("too_large", `more than ${MAX_UPLOAD_BYTES} bytes received`);
      }
      chunks.push(new Uint8Array(value));
      onProgress(loaded);
    }
  } catch (error) {
    if (error instanceof DriveFileError) throw error;
    throw failed(`contents: ${String(error)}`);
  }
  if (loaded === 0) throw new DriveFileError("empty", "empty file");
  return readAsBase64(new File(chunks, file.name, { type: PDF_MIME_TYPE }));
}

/** A Drive client over a picker: one token per pick, used for that pick's downloads. */
export function createDriveClient(picker: DrivePicker, fetchImpl?: typeof fetch): DriveClient {
  let token: string | null = null;
  return {
    async pickFiles(options) {
      let granted: string;
      let files: DrivePickedFile[];
      try {
        granted = await picker.authorize();
        files = await picker.pick(granted, options);
      } catch (error) {
        if (error instanceof DrivePickCanceled) return [];
        throw error;
      }
      if (files.length > 0) token = granted;
      return files.slice(0, options.max);
    },
    download(file, onProgress) {
      if (token === null) {
        return Promise.reject(new DriveFileError("cloud_drive_failed", "no access token"));
      }
      return downloadDriveFile(file, token, onProgress, fetchImpl);
    },
  };
}
