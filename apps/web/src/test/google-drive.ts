import { http, HttpResponse } from "msw";

/** The Drive API's files, as Google serves them (the address the app's Drive client calls). */
const DRIVE_FILES_URL = "https://www.googleapis.com/drive/v3/files";

/* The shapes of the app's Drive client (features/envelopes/drive), which test helpers do not import. */
interface DrivePickedFile {
  id: string;
  name: string;
  mimeType: string;
  sizeBytes: number | undefined;
}
interface DrivePickOptions {
  max: number;
  language: string;
}

/** The access token the stand-in's token client grants, and that its Drive API requires. */
export const DRIVE_TEST_TOKEN = "ya29.test-access-token";

/** A file of the stand-in Drive. */
export interface StandInDriveFile {
  name: string;
  mimeType?: string;
  /** The file's contents (a small PDF unless given). */
  bytes?: Uint8Array;
  /** The size the metadata reports, when it differs from the contents (a file that grew, a lie). */
  reportedSize?: number;
  /** An HTTP status the Drive API answers for this file instead of it (403, 500...). */
  status?: number;
}

/** A small PDF's bytes: the `%PDF-` header and some padding. */
export function pdfBytes(size = 64): Uint8Array {
  return new TextEncoder().encode("%PDF-1.7\n".padEnd(size, " "));
}

function driveError(status: number, message: string) {
  return HttpResponse.json({ error: { code: status, message, errors: [] } }, { status });
}

/**
 * A local stand-in of the Drive API's `files/{id}` (metadata, and contents with `alt=media`),
 * serving `files` to the bearer of `DRIVE_TEST_TOKEN`, in Google's error shape otherwise. It
 * records every request as `metadata {id}` or `media {id}`.
 */
export function driveHandlers(files: Record<string, StandInDriveFile>) {
  const requests: string[] = [];
  const handler = http.get(`${DRIVE_FILES_URL}/:id`, ({ request, params }) => {
    const id = String(params.id);
    const url = new URL(request.url);
    const media = url.searchParams.get("alt") === "media";
    requests.push(`${media ? "media" : "metadata"} ${id}`);
    if (request.headers.get("Authorization") !== `Bearer ${DRIVE_TEST_TOKEN}`) {
      return driveError(401, "Request had invalid authentication credentials.");
    }
    const file = files[id];
    if (!file) return driveError(404, `File not found: ${id}.`);
    if (file.status)
      return driveError(file.status, "The user does not have sufficient permissions.");
    const bytes = file.bytes ?? pdfBytes();
    const mimeType = file.mimeType ?? "application/pdf";
    if (!media) {
      return HttpResponse.json({
        id,
        name: file.name,
        mimeType,
        size: String(file.reportedSize ?? bytes.byteLength),
      });
    }
    // The contents in 1 MB pieces, as a large download arrives.
    const chunk = 1024 * 1024;
    let offset = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= bytes.byteLength) {
          controller.close();
          return;
        }
        controller.enqueue(bytes.slice(offset, offset + chunk));
        offset += chunk;
      },
    });
    return new HttpResponse(body, { headers: { "Content-Type": mimeType } });
  });
  return { handlers: [handler], requests };
}

/** What the Picker gives for a file of the stand-in Drive. */
export function pickedFile(id: string, file: StandInDriveFile): DrivePickedFile {
  return {
    id,
    name: file.name,
    mimeType: file.mimeType ?? "application/pdf",
    sizeBytes: file.reportedSize ?? (file.bytes ?? pdfBytes()).byteLength,
  };
}

/**
 * A fake of Google's token client and Picker: the token is granted (or refused with `refuse`),
 * and the Picker "returns" `picked` (none: the member closed it). It records each opening.
 */
export function fakePicker({ picked, refuse }: { picked: DrivePickedFile[]; refuse?: Error }): {
  authorize(): Promise<string>;
  pick(token: string, options: DrivePickOptions): Promise<DrivePickedFile[]>;
  openings: DrivePickOptions[];
} {
  const openings: DrivePickOptions[] = [];
  return {
    openings,
    authorize: async () => {
      if (refuse) throw refuse;
      return DRIVE_TEST_TOKEN;
    },
    pick: async (token, options) => {
      if (token !== DRIVE_TEST_TOKEN) throw new Error("The Picker needs the granted token");
      openings.push(options);
      return picked;
    },
  };
}
