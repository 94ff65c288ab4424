import { setupServer } from "msw/node";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  DRIVE_TEST_TOKEN,
  driveHandlers,
  fakePicker,
  pdfBytes,
  pickedFile,
  type StandInDriveFile,
} from "../../../test/google-drive";
import { MAX_UPLOAD_BYTES } from "../upload-files";
import {
  createDriveClient,
  downloadDriveFile,
  DriveAuthorizationError,
  DriveFileError,
  DrivePickCanceled,
  pickedFileProblem,
} from "./drive-client";

const server = setupServer();
// The app's test set-up stubs fetch for every test; these go to the Drive stand-in through msw.
beforeEach(() => {
  vi.unstubAllGlobals();
  server.listen({ onUnhandledRequest: "error" });
});
afterEach(() => server.close());

function serve(files: Record<string, StandInDriveFile>) {
  const drive = driveHandlers(files);
  server.use(...drive.handlers);
  return drive;
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DriveFileError);
  return (error as DriveFileError).problem;
}

describe("downloading a Drive file", () => {
  it("gives the PDF's bytes as base64 and reports the bytes received", async () => {
    const bytes = pdfBytes(3 * 1024 * 1024 + 10);
    const drive = serve({ lease: { name: "Lease.pdf", bytes } });
    const progress: number[] = [];
    const data = await downloadDriveFile(
      { id: "lease", name: "Lease.pdf" },
      DRIVE_TEST_TOKEN,
      (n) => progress.push(n),
    );
    expect(data.startsWith("JVBERi0")).toBe(true);
    expect(atob(data).length).toBe(bytes.byteLength);
    expect(progress.at(-1)).toBe(bytes.byteLength);
    expect(progress.length).toBeGreaterThan(1);
    expect(drive.requests).toEqual(["metadata lease", "media lease"]);
  });

  it("says that the cloud drive failed when Drive refuses the file (403) or does not have it (404)", async () => {
    serve({ locked: { name: "Locked.pdf", status: 403 } });
    for (const id of ["locked", "gone"]) {
      expect(
        await refusal(downloadDriveFile({ id, name: `${id}.pdf` }, DRIVE_TEST_TOKEN, () => {})),
      ).toBe("cloud_drive_failed");
    }
  });

  it("refuses a file over the upload limit from its metadata, without downloading it", async () => {
    const drive = serve({ big: { name: "Big.pdf", reportedSize: MAX_UPLOAD_BYTES + 1 } });
    expect(
      await refusal(downloadDriveFile({ id: "big", name: "Big.pdf" }, DRIVE_TEST_TOKEN, () => {})),
    ).toBe("too_large");
    expect(drive.requests).toEqual(["metadata big"]);
  });

  it("stops a download that goes past the upload limit, whatever the metadata said", async () => {
    serve({
      grown: { name: "Grown.pdf", bytes: pdfBytes(MAX_UPLOAD_BYTES + 5), reportedSize: 1000 },
    });
    const progress: number[] = [];
    expect(
      await refusal(
        downloadDriveFile({ id: "grown", name: "Grown.pdf" }, DRIVE_TEST_TOKEN, (n) =>
          progress.push(n),
        ),
      ),
    ).toBe("too_large");
    expect(Math.max(...progress)).toBeLessThanOrEqual(MAX_UPLOAD_BYTES);
  });

  it("refuses a file that is not a PDF before downloading it", async () => {
    const drive = serve({
      sheet: { name: "Budget", mimeType: "application/vnd.google-apps.spreadsheet" },
    });
    expect(
      await refusal(downloadDriveFile({ id: "sheet", name: "Budget" }, DRIVE_TEST_TOKEN, () => {})),
    ).toBe("not_pdf");
    expect(drive.requests).toEqual(["metadata sheet"]);
  });

  it("asks nothing of Drive for an id that is not a Drive file id", async () => {
    const drive = serve({});
    expect(
      await refusal(
        downloadDriveFile({ id: "../about", name: "x.pdf" }, DRIVE_TEST_TOKEN, () => {}),
      ),
    ).toBe("cloud_drive_failed");
    expect(drive.requests).toEqual([]);
  });
});

describe("the Picker's files", () => {
  it("are refused before downloading when the Picker already shows them too large or not PDFs", () => {
    const ok = pickedFile("a", { name: "a.pdf" });
    expect(pickedFileProblem(ok)).toBeNull();
    expect(pickedFileProblem({ ...ok, sizeBytes: MAX_UPLOAD_BYTES + 1 })).toBe("too_large");
    expect(pickedFileProblem({ ...ok, mimeType: "image/png" })).toBe("not_pdf");
    expect(pickedFileProblem({ ...ok, sizeBytes: undefined })).toBeNull();
  });
});

describe("the Drive client", () => {
  it("downloads the picked files with the token granted for that pick", async () => {
    serve({ one: { name: "One.pdf" } });
    const picker = fakePicker({ picked: [pickedFile("one", { name: "One.pdf" })] });
    const client = createDriveClient(picker);
    const files = await client.pickFiles({ max: 50, language: "fr" });
    expect(picker.openings).toEqual([{ max: 50, language: "fr" }]);
    expect((await client.download(files[0]!, () => {})).startsWith("JVBERi0")).toBe(true);
  });

  it("picks nothing when the member closes Google's window", async () => {
    const client = createDriveClient(fakePicker({ picked: [], refuse: new DrivePickCanceled() }));
    await expect(client.pickFiles({ max: 50, language: "en" })).resolves.toEqual([]);
  });

  it("passes on Google's refusal of the token", async () => {
    const client = createDriveClient(
      fakePicker({ picked: [], refuse: new DriveAuthorizationError("access_denied") }),
    );
    await expect(client.pickFiles({ max: 50, language: "en" })).rejects.toBeInstanceOf(
      DriveAuthorizationError,
    );
  });
});
