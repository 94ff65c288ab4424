import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ENVELOPE_UUID, WORKSPACE_MAIN, asRole } from "../../../../test/api";
import { renderApp } from "../../../../test/render-app";

const EDIT_PATH = `/envelopes/${WORKSPACE_MAIN.uuid}/${ENVELOPE_UUID}/edit`;

describe("deleting a draft from the editor", () => {
  it("deletes the draft after confirmation and goes back to the envelopes", async () => {
    const { user, server, router } = renderApp({ path: EDIT_PATH });
    await user.click(await screen.findByRole("button", { name: "Delete the draft" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete this draft?" });
    expect(server.bodiesOf("/envelope/delete")).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Delete the draft" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/envelopes"));
    expect(server.bodiesOf("/envelope/delete")).toEqual([{ envelopeUuid: ENVELOPE_UUID }]);
  });

  it("a role whose rules deny deleting envelopes finds the action disabled with the reason", async () => {
    const { user, server } = renderApp({
      path: EDIT_PATH,
      handlers: asRole("No deleting", [
        { action: "manage", subject: ["Envelope", "Contact", "Template"] },
        { action: "read", subject: ["Team", "Workspace"] },
        { action: "delete", subject: "Envelope", inverted: true, reason: "Envelopes are kept." },
      ]),
    });
    const remove = await screen.findByRole("button", { name: "Delete the draft" });
    await waitFor(() => expect(remove).toHaveAttribute("aria-disabled", "true"));
    expect(remove).toHaveAccessibleDescription("Your role does not allow you to delete envelopes.");
    expect(screen.getByRole("button", { name: "Send" })).not.toHaveAttribute("aria-disabled");
    await user.click(remove);
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(server.bodiesOf("/envelope/delete")).toEqual([]);
  });
});
