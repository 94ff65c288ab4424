import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  ENVELOPE_UUID,
  WORKSPACE_LEGAL,
  WORKSPACE_MAIN,
  apiError,
  envelopeDetail,
  envelopeSummary,
  ok,
} from "../../../test/api";
import { renderApp } from "../../../test/render-app";

function pdf(name: string, size = 12) {
  return new File(["%PDF-1.7\n".padEnd(size, " ")], name, { type: "application/pdf" });
}

describe("envelope list", () => {
  it("calls the api with the status filter of the tab and the chosen workspace", async () => {
    const { user, server } = renderApp({ path: "/envelopes" });
    await screen.findByRole("link", { name: "Service agreement" });
    expect(server.bodiesOf("/envelope/list")).toEqual([{ filter: "all", limit: 25 }]);

    await user.click(screen.getByRole("tab", { name: "Drafts" }));
    await waitFor(() =>
      expect(server.bodiesOf("/envelope/list")).toContainEqual({ filter: "draft", limit: 25 }),
    );
    expect(screen.getByRole("tab", { name: "Drafts" })).toHaveAttribute("aria-selected", "true");

    await user.selectOptions(screen.getByRole("combobox", { name: "Workspace" }), "Legal");
    await waitFor(() =>
      expect(server.bodiesOf("/envelope/list")).toContainEqual({
        filter: "draft",
        limit: 25,
        workspaceUuid: WORKSPACE_LEGAL.uuid,
      }),
    );
  });

  it("starts on the status of /envelopes/{status} and on the workspace of /envelopes/{uuid}/all", async () => {
    const first = renderApp({ path: "/envelopes/signing" });
    await waitFor(() =>
      expect(first.server.bodiesOf("/envelope/list")).toEqual([{ filter: "signing", limit: 25 }]),
    );
    first.unmount();
    const second = renderApp({ path: `/envelopes/${WORKSPACE_MAIN.uuid}/all` });
    await waitFor(() =>
      expect(second.server.bodiesOf("/envelope/list")).toEqual([
        { filter: "all", limit: 25, workspaceUuid: WORKSPACE_MAIN.uuid },
      ]),
    );
  });

  it("loads the next page with the cursor of the previous one", async () => {
    const { user, server } = renderApp({
      path: "/envelopes",
      handlers: {
        "/envelope/list": ({ body }) =>
          (body as { cursor?: string }).cursor
            ? ok({
                envelopes: [
                  envelopeSummary({
                    uuid: "7e2a3b4c-3333-4c4c-ac4c-000000000002",
                    title: "Second page",
                  }),
                ],
                nextCursor: null,
              })
            : ok({ envelopes: [envelopeSummary()], nextCursor: "cursor-2" }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("link", { name: "Second page" })).toBeInTheDocument();
    expect(server.bodiesOf("/envelope/list")[1]).toEqual({
      filter: "all",
      limit: 25,
      cursor: "cursor-2",
    });
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("shows the load error with a retry, and the empty state with an upload", async () => {
    let fail = true;
    const { user } = renderApp({
      path: "/envelopes",
      handlers: {
        "/envelope/list": () =>
          fail ? apiError(500, "INTERNAL_SERVER_ERROR") : ok({ envelopes: [], nextCursor: null }),
      },
    });
    const alert = await screen.findByRole("alert", {}, { timeout: 8000 });
    expect(alert).toHaveTextContent("The document list could not be loaded.");
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No documents here yet")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "Upload" }).length).toBeGreaterThan(0);
  });

  it("remembers the kanban view", async () => {
    const { user, unmount } = renderApp({ path: "/envelopes" });
    await screen.findByRole("link", { name: "Service agreement" });
    await user.click(screen.getByRole("button", { name: "Kanban view" }));
    expect(screen.getByRole("region", { name: "Drafts" })).toBeInTheDocument();
    unmount();
    renderApp({ path: "/envelopes" });
    expect(await screen.findByRole("region", { name: "Drafts" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Kanban view" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  });
});

describe("upload", () => {
  it("refuses a non-PDF before sending and shows the api's refusal beside each file", async () => {
    const { user, server } = renderApp({
      path: "/envelopes",
      handlers: {
        "/envelope/upload": () =>
          apiError(400, "VALIDATION_ERROR", [{ path: "files.1.data", message: "encrypted" }]),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Upload" }));
    const dialog = await screen.findByRole("dialog", { name: "Upload documents" });
    // Dropped files are not filtered by the picker's `accept`: the app checks them itself.
    fireEvent.drop(within(dialog).getByTestId("upload-dropzone"), {
      dataTransfer: {
        files: [
          new File(["hello"], "notes.txt", { type: "text/plain" }),
          pdf("contract.pdf"),
          pdf("locked.pdf"),
        ],
      },
    });
    const files = within(dialog).getByRole("list", { name: "Chosen files" });
    const items = within(files).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Not a PDF file: choose a PDF document.");

    await user.click(within(dialog).getByRole("button", { name: "Upload and prepare" }));
    await waitFor(() =>
      expect(items[2]).toHaveTextContent(
        "This PDF is encrypted or password-protected: remove the protection and try again.",
      ),
    );
    expect(items[1]).not.toHaveTextContent("encrypted");
    const sent = server.bodiesOf("/envelope/upload")[0] as { files: { filename: string }[] };
    expect(sent.files.map((file) => file.filename)).toEqual(["contract.pdf", "locked.pdf"]);
  });

  it("shows the files going out, then the server's check, while the upload waits for the api", async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const { user } = renderApp({
      path: "/envelopes",
      handlers: {
        "/envelope/upload": async () => {
          await answered;
          return apiError(400, "VALIDATION_ERROR", [
            { path: "files.0.data", message: "encrypted" },
          ]);
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Upload" }));
    const dialog = await screen.findByRole("dialog", { name: "Upload documents" });
    fireEvent.drop(within(dialog).getByTestId("upload-dropzone"), {
      dataTransfer: { files: [pdf("contract.pdf")] },
    });
    await user.click(within(dialog).getByRole("button", { name: "Upload and prepare" }));
    const bar = await within(dialog).findByRole("progressbar", { name: "Upload progress" });
    // Every byte sent, the api not yet answered: the server's check is the current step.
    await waitFor(() => expect(bar).toHaveAttribute("aria-valuenow", "100"));
    expect(bar).toHaveAttribute("aria-valuetext", "Checking the documents on the server");
    const current = within(dialog)
      .getAllByRole("listitem")
      .find((item) => item.getAttribute("aria-current") === "step");
    expect(current).toHaveTextContent("Checking the documents on the server");
    expect(within(dialog).getByText(/Encrypting and sending the files/)).toHaveTextContent("✓");
    answer();
    await within(dialog).findByText(/This PDF is encrypted/);
    expect(within(dialog).queryByRole("progressbar")).toBeNull();
  });

  it("says why the api refused a certified PDF or a signed one whose signatures could not be kept", async () => {
    const { user } = renderApp({
      path: "/envelopes",
      handlers: {
        "/envelope/upload": () =>
          apiError(400, "VALIDATION_ERROR", [
            { path: "files.0", message: "certified" },
            { path: "files.1", message: "signatures_not_kept" },
          ]),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Upload" }));
    const dialog = await screen.findByRole("dialog", { name: "Upload documents" });
    fireEvent.drop(within(dialog).getByTestId("upload-dropzone"), {
      dataTransfer: { files: [pdf("certified.pdf"), pdf("damaged.pdf")] },
    });
    await user.click(within(dialog).getByRole("button", { name: "Upload and prepare" }));
    const items = within(within(dialog).getByRole("list", { name: "Chosen files" })).getAllByRole(
      "listitem",
    );
    await waitFor(() =>
      expect(items[0]).toHaveTextContent(
        "This PDF carries a certification signature that forbids changes",
      ),
    );
    expect(items[1]).toHaveTextContent(
      "This PDF carries signatures that would not stay valid: its structure is damaged",
    );
  });

  it("names the page count and the limit the api sent for a PDF with too many pages, in French too", async () => {
    const { user } = renderApp({
      path: "/envelopes",
      language: "fr",
      handlers: {
        "/envelope/upload": () =>
          apiError(400, "VALIDATION_ERROR", [
            { path: "files.0", message: "too_many_pages", params: { count: 612, limit: 500 } },
            {
              path: "files.1",
              message: "too_large",
              params: { size: 22_323_000, limit: 20_971_520 },
            },
          ]),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Importer" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.drop(within(dialog).getByTestId("upload-dropzone"), {
      dataTransfer: { files: [pdf("long.pdf"), pdf("big.pdf")] },
    });
    await user.click(within(dialog).getByRole("button", { name: "Importer et préparer" }));
    const items = within(dialog).getAllByRole("listitem");
    await waitFor(() =>
      expect(items[0]).toHaveTextContent("Ce PDF comporte 612 pages ; la limite est de 500."),
    );
    expect(items[1]).toHaveTextContent("Ce fichier fait 21,3 Mo ; la limite est de 20 Mo.");
  });

  it("refuses a file over 20 MB before sending", async () => {
    const { user } = renderApp({ path: "/envelopes" });
    await user.click(await screen.findByRole("button", { name: "Upload" }));
    const dialog = await screen.findByRole("dialog", { name: "Upload documents" });
    const big = pdf("big.pdf");
    Object.defineProperty(big, "size", { value: 21 * 1024 * 1024 });
    await user.upload(within(dialog).getByLabelText("Choose files", { selector: "input" }), big);
    expect(within(dialog).getByText("This file is 21 MB: the limit is 20 MB.")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Upload and prepare" })).toBeDisabled();

    // The picker is emptied after each choice: a second choice adds to the list.
    await user.upload(
      within(dialog).getByLabelText("Choose files", { selector: "input" }),
      pdf("small.pdf"),
    );
    expect(within(within(dialog).getByRole("list")).getAllByRole("listitem")).toHaveLength(2);
    expect(within(dialog).getByRole("button", { name: "Upload and prepare" })).toBeEnabled();
  });

  it("opens the editor of the new envelope", async () => {
    const { user, router } = renderApp({
      path: "/envelopes",
      handlers: { "/envelope/upload": () => ok(envelopeDetail({ title: "contract" })) },
    });
    await user.click(await screen.findByRole("button", { name: "Upload" }));
    const dialog = await screen.findByRole("dialog", { name: "Upload documents" });
    await user.upload(
      within(dialog).getByLabelText("Choose files", { selector: "input" }),
      pdf("contract.pdf"),
    );
    await user.click(within(dialog).getByRole("button", { name: "Upload and prepare" }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/envelopes/${WORKSPACE_MAIN.uuid}/${ENVELOPE_UUID}/edit`,
      ),
    );
  });
});
