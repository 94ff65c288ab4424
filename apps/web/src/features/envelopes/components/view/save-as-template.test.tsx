import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, ENVELOPE_UUID, envelopeDetail, ok, WORKSPACE_MAIN } from "../../../../test/api";
import { TEMPLATE_UUID, templateDetail } from "../../../../test/api/template";
import { renderApp } from "../../../../test/render-app";

const VIEW_PATH = `/envelopes/${WORKSPACE_MAIN.uuid}/${ENVELOPE_UUID}/view`;
const sent = () => envelopeDetail({ status: "signing", sentAt: "2026-03-03T09:00:00.000Z" });

describe("save an envelope as a template", () => {
  it("creates the template with the title given and opens it in the editor", async () => {
    const { user, server, router } = renderApp({
      path: VIEW_PATH,
      handlers: {
        "/envelope/get": () => ok(sent()),
        "/template/create-from-envelope": () => ok(templateDetail({ status: "draft" })),
        "/template/get": () => ok(templateDetail({ status: "draft" })),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Save as template" }));
    const dialog = await screen.findByRole("dialog", { name: "Save as template" });
    const title = within(dialog).getByRole("textbox", { name: /Template title/ });
    expect(title).toHaveValue("Service agreement");
    await user.clear(title);
    await user.type(title, "Standard agreement");
    await user.click(within(dialog).getByRole("button", { name: "Create the template" }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/templates/${WORKSPACE_MAIN.uuid}/${TEMPLATE_UUID}/edit`,
      ),
    );
    expect(server.bodiesOf("/template/create-from-envelope")).toEqual([
      { envelopeUuid: ENVELOPE_UUID, title: "Standard agreement" },
    ]);
  });

  it("keeps the dialog open with the api's error", async () => {
    const { user } = renderApp({
      path: VIEW_PATH,
      handlers: {
        "/envelope/get": () => ok(sent()),
        "/template/create-from-envelope": () => apiError(403, "FORBIDDEN"),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Save as template" }));
    const dialog = await screen.findByRole("dialog", { name: "Save as template" });
    await user.click(within(dialog).getByRole("button", { name: "Create the template" }));
    expect(
      await within(dialog).findByText(/The template could not be created\./),
    ).toBeInTheDocument();
  });
});
