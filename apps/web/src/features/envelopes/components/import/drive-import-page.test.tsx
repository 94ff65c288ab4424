import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  driveHandlers,
  fakePicker,
  pickedFile,
  type StandInDriveFile,
} from "../../../../test/google-drive";
import { envelopeDetail, ok, WORKSPACE_MAIN } from "../../../../test/api";
import { renderApp } from "../../../../test/render-app";
import {
  createDriveClient,
  DriveAuthorizationError,
  DriveUnavailableError,
  type DriveClient,
  type DrivePicker,
} from "../../drive/drive-client";
import { MAX_UPLOAD_BYTES } from "../../upload-files";

// The build's Drive client, over a fake of Google's token client and Picker; the downloads are real
// calls to a local stand-in of the Drive API.
const current = vi.hoisted(() => ({ client: null as DriveClient | null }));
vi.mock("../../drive/google-drive", () => ({ configuredDriveClient: () => current.client }));

const server = setupServer();
beforeEach(() => {
  // The app's test set-up stubs fetch; here it goes through msw (Drive, and the avatar check).
  vi.unstubAllGlobals();
  server.listen({ onUnhandledRequest: "error" });
  server.use(http.head("*", () => new HttpResponse(null, { status: 404 })));
});
afterEach(() => {
  server.close();
  current.client = null;
});

const uuidOf = (index: number) => `7e2a3b4c-3333-4c4c-ac4c-00000000020${index}`;

function withDrive(files: Record<string, StandInDriveFile>, picker: DrivePicker) {
  const drive = driveHandlers(files);
  server.use(...drive.handlers);
  current.client = createDriveClient(picker);
  return drive;
}

/** An api that makes a draft of each upload, titled after its first file. */
function draftPerUpload() {
  let calls = 0;
  return {
    "/envelope/upload": ({ body }: { body: unknown }) => {
      const { files } = body as { files: { filename: string }[] };
      calls += 1;
      return ok(
        envelopeDetail({ uuid: uuidOf(calls), title: files[0]!.filename.replace(".pdf", "") }),
      );
    },
  };
}

describe("the Google Drive import", () => {
  it("imports the two PDFs picked in Drive as two drafts, with progress and a link per file", async () => {
    const files = { lease: { name: "Lease.pdf" }, loan: { name: "Loan.pdf" } };
    const picker = fakePicker({
      picked: [pickedFile("lease", files.lease), pickedFile("loan", files.loan)],
    });
    const drive = withDrive(files, picker);
    const { user, server: api } = renderApp({
      path: "/envelopes/import-google-drive",
      handlers: draftPerUpload(),
    });

    await user.click(await screen.findByRole("button", { name: "Choose in Google Drive" }));
    const list = await screen.findByRole("list", { name: "Files to import" });
    expect(within(list).getByText("Lease.pdf")).toBeInTheDocument();
    expect(picker.openings).toEqual([{ max: 50, language: "en" }]);
    expect(drive.requests).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Import 2 files" }));
    expect(
      await screen.findByText("Import finished: 2 files imported, 0 refused."),
    ).toBeInTheDocument();
    expect(within(list).getAllByRole("progressbar")).toHaveLength(2);
    for (const [index, title] of ["Lease", "Loan"].entries()) {
      expect(within(list).getByRole("link", { name: `Open the draft “${title}”` })).toHaveAttribute(
        "href",
        `/envelopes/${WORKSPACE_MAIN.uuid}/${uuidOf(index + 1)}/edit`,
      );
    }
    const uploads = api.bodiesOf("/envelope/upload") as {
      files: { filename: string; data: string }[];
    }[];
    expect(uploads.map((upload) => upload.files.map((file) => file.filename))).toEqual([
      ["Lease.pdf"],
      ["Loan.pdf"],
    ]);
    expect(uploads.every((upload) => upload.files[0]!.data.startsWith("JVBERi0"))).toBe(true);
    expect(drive.requests).toEqual([
      "metadata lease",
      "media lease",
      "metadata loan",
      "media loan",
    ]);
  });

  it("says which file Drive refused (403) and still imports the other", async () => {
    const files = {
      shared: { name: "Shared.pdf", status: 403 },
      mine: { name: "Mine.pdf" },
    };
    withDrive(
      files,
      fakePicker({ picked: [pickedFile("shared", files.shared), pickedFile("mine", files.mine)] }),
    );
    const { user, server: api } = renderApp({
      path: "/envelopes/import-google-drive",
      handlers: draftPerUpload(),
    });
    await user.click(await screen.findByRole("button", { name: "Choose in Google Drive" }));
    await user.click(await screen.findByRole("button", { name: "Import 2 files" }));

    expect(
      await screen.findByText("Import finished: 1 file imported, 1 refused."),
    ).toBeInTheDocument();
    const refused = screen.getByText("Shared.pdf").closest("li")!;
    expect(
      within(refused).getByText(/Cloud drive failed: Google Drive did not give this file/),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open the draft “Mine”" })).toBeInTheDocument();
    expect(
      (api.bodiesOf("/envelope/upload") as { files: { filename: string }[] }[]).map(
        (upload) => upload.files[0]!.filename,
      ),
    ).toEqual(["Mine.pdf"]);
  });

  it("refuses a file too large for an upload without downloading it", async () => {
    const files = {
      huge: { name: "Huge.pdf", reportedSize: MAX_UPLOAD_BYTES + 1024 * 1024 },
      small: { name: "Small.pdf" },
    };
    const drive = withDrive(
      files,
      fakePicker({ picked: [pickedFile("huge", files.huge), pickedFile("small", files.small)] }),
    );
    const { user } = renderApp({
      path: "/envelopes/import-google-drive",
      handlers: draftPerUpload(),
    });
    await user.click(await screen.findByRole("button", { name: "Choose in Google Drive" }));
    expect(await screen.findByText("This file is 21 MB: the limit is 20 MB.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Import 1 file" }));
    expect(
      await screen.findByText("Import finished: 1 file imported, 0 refused."),
    ).toBeInTheDocument();
    expect(drive.requests).toEqual(["metadata small", "media small"]);
  });

  it("puts the picked files into one envelope when asked", async () => {
    const files = { a: { name: "a.pdf" }, b: { name: "b.pdf" } };
    withDrive(files, fakePicker({ picked: [pickedFile("a", files.a), pickedFile("b", files.b)] }));
    const { user, server: api } = renderApp({
      path: "/envelopes/import-google-drive",
      handlers: { "/envelope/upload": () => ok(envelopeDetail({ title: "bundle" })) },
    });
    await user.click(await screen.findByRole("button", { name: "Choose in Google Drive" }));
    await user.click(await screen.findByRole("radio", { name: "One envelope with all the files" }));
    await user.click(screen.getByRole("button", { name: "Import 2 files" }));
    await screen.findByText("Import finished: 2 files imported, 0 refused.");
    expect(
      (api.bodiesOf("/envelope/upload") as { files: { filename: string }[] }[]).map((upload) =>
        upload.files.map((file) => file.filename),
      ),
    ).toEqual([["a.pdf", "b.pdf"]]);
  });

  it("says so when Google refuses the access token, and lets the member try again", async () => {
    withDrive({}, fakePicker({ picked: [], refuse: new DriveAuthorizationError("access_denied") }));
    const { user, server: api } = renderApp({ path: "/envelopes/import-google-drive" });
    await user.click(await screen.findByRole("button", { name: "Choose in Google Drive" }));
    expect(
      await screen.findByText(/Cloud drive failed: Google did not give access to your files/),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Choose in Google Drive" })).toBeEnabled();
    expect(screen.queryByRole("list", { name: "Files to import" })).not.toBeInTheDocument();
    expect(api.bodiesOf("/envelope/upload")).toEqual([]);
  });

  it("says that Google Drive cannot be opened when Google's scripts do not load", async () => {
    withDrive({}, fakePicker({ picked: [], refuse: new DriveUnavailableError("blocked") }));
    const { user } = renderApp({ path: "/envelopes/import-google-drive" });
    await user.click(await screen.findByRole("button", { name: "Choose in Google Drive" }));
    expect(
      await screen.findByText(
        /Cloud drive failed: Google Drive could not be opened from this page/,
      ),
    ).toBeInTheDocument();
  });

  it("does nothing when the member closes the Picker", async () => {
    const picker = fakePicker({ picked: [] });
    withDrive({}, picker);
    const { user } = renderApp({ path: "/envelopes/import-google-drive" });
    await user.click(await screen.findByRole("button", { name: "Choose in Google Drive" }));
    await waitFor(() => expect(picker.openings).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Choose in Google Drive" })).toBeEnabled(),
    );
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Files to import" })).not.toBeInTheDocument();
  });
});
