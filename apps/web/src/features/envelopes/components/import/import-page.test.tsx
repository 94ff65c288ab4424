import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { WORKSPACE_MAIN, apiError, envelopeDetail, ok } from "../../../../test/api";
import { renderApp } from "../../../../test/render-app";

function pdf(name: string, size = 12) {
  return new File(["%PDF-1.7\n".padEnd(size, " ")], name, { type: "application/pdf" });
}

const uuidOf = (index: number) => `7e2a3b4c-3333-4c4c-ac4c-00000000010${index}`;

describe("the import page", () => {
  it("opens from the envelope list", async () => {
    const { user, router } = renderApp({ path: "/envelopes" });
    await user.click(await screen.findByRole("link", { name: "Import several" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/envelopes/import"));
    expect(
      await screen.findByRole("heading", { name: "Import documents", level: 2 }),
    ).toBeVisible();
  });

  it("imports three PDFs as three drafts, with a result and a link per file", async () => {
    let calls = 0;
    const { user, server } = renderApp({
      path: "/envelopes/import",
      handlers: {
        "/envelope/upload": ({ body }) => {
          const { files } = body as { files: { filename: string }[] };
          calls += 1;
          return ok(
            envelopeDetail({ uuid: uuidOf(calls), title: files[0]!.filename.replace(".pdf", "") }),
          );
        },
      },
    });
    await user.upload(await screen.findByLabelText("Choose files", { selector: "input" }), [
      pdf("one.pdf"),
      pdf("two.pdf"),
      pdf("three.pdf"),
    ]);
    await user.click(screen.getByRole("button", { name: "Import 3 files" }));

    expect(
      await screen.findByText("Import finished: 3 files imported, 0 refused."),
    ).toBeInTheDocument();
    const list = screen.getByRole("list", { name: "Files to import" });
    expect(within(list).getAllByRole("progressbar")).toHaveLength(3);
    for (const [index, title] of ["one", "two", "three"].entries()) {
      expect(within(list).getByRole("link", { name: `Open the draft “${title}”` })).toHaveAttribute(
        "href",
        `/envelopes/${WORKSPACE_MAIN.uuid}/${uuidOf(index + 1)}/edit`,
      );
    }
    expect(
      server.bodiesOf("/envelope/upload").map((b) => (b as { files: unknown[] }).files.length),
    ).toEqual([1, 1, 1]);
  });

  it("keeps the imported drafts when the api refuses one file, and says why", async () => {
    const { user } = renderApp({
      path: "/envelopes/import",
      handlers: {
        "/envelope/upload": ({ body }) => {
          const { files } = body as { files: { filename: string }[] };
          return files[0]!.filename === "locked.pdf"
            ? apiError(400, "VALIDATION_ERROR", [{ path: "files.0.data", message: "encrypted" }])
            : ok(envelopeDetail({ title: "fine" }));
        },
      },
    });
    await user.upload(await screen.findByLabelText("Choose files", { selector: "input" }), [
      pdf("locked.pdf"),
      pdf("fine.pdf"),
    ]);
    await user.click(screen.getByRole("button", { name: "Import 2 files" }));
    expect(
      await screen.findByText("Import finished: 1 file imported, 1 refused."),
    ).toBeInTheDocument();
    expect(screen.getByText(/This PDF is encrypted or password-protected/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open the draft “fine”" })).toBeInTheDocument();
  });

  it("puts every file into one envelope when asked", async () => {
    const { user, server } = renderApp({
      path: "/envelopes/import",
      handlers: { "/envelope/upload": () => ok(envelopeDetail({ title: "bundle" })) },
    });
    await user.upload(await screen.findByLabelText("Choose files", { selector: "input" }), [
      pdf("a.pdf"),
      pdf("b.pdf"),
    ]);
    await user.click(screen.getByRole("radio", { name: "One envelope with all the files" }));
    await user.click(screen.getByRole("button", { name: "Import 2 files" }));
    await screen.findByText("Import finished: 2 files imported, 0 refused.");
    await waitFor(() =>
      expect(
        server
          .bodiesOf("/envelope/upload")
          .map((b) => (b as { files: { filename: string }[] }).files.map((f) => f.filename)),
      ).toEqual([["a.pdf", "b.pdf"]]),
    );
  });

  it("refuses a file that is not a PDF or is too large before sending anything", async () => {
    const { user, server } = renderApp({ path: "/envelopes/import" });
    await user.upload(await screen.findByLabelText("Choose files", { selector: "input" }), [
      pdf("huge.pdf", 21 * 1024 * 1024),
    ]);
    expect(await screen.findByText("This file is 21 MB: the limit is 20 MB.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Import 0 files" })).toBeDisabled();
    expect(server.bodiesOf("/envelope/upload")).toEqual([]);
  });
});

describe("the Google Drive import page", () => {
  it("says that the cloud drive is not configured and offers the import from this device", async () => {
    renderApp({ path: "/envelopes/import-google-drive" });
    expect(await screen.findByText("Cloud drive not configured")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Import from this device" })).toHaveAttribute(
      "href",
      "/envelopes/import",
    );
  });
});
