import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TEST_INVITATIONS, asRole, ok } from "../../../test/api";
import { renderApp } from "../../../test/render-app";

describe("pending invitations", () => {
  it("lists the invitations with their resend count and marks the expired ones", async () => {
    renderApp({ path: "/settings/members/pending" });
    const table = await screen.findByRole("table", { name: "Pending invitations" });
    await within(table).findByText("nina.petit@example.com");
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(1 + TEST_INVITATIONS.length);
    const expired = within(table).getByText("nina.petit@example.com").closest("tr")!;
    expect(within(expired).getByText("Expired")).toBeInTheDocument();
    const live = within(table).getAllByText("omar.roux@example.com")[0]!.closest("tr")!;
    expect(within(live).queryByText("Expired")).not.toBeInTheDocument();
    expect(within(live).getByText("2")).toBeInTheDocument();
  });

  it("resends an invitation and revokes one after confirmation", async () => {
    const { user, server } = renderApp({
      path: "/settings/members/pending",
      handlers: {
        "/team/resend-invite": () => ok({ invitation: TEST_INVITATIONS[0] }),
        "/team/revoke-invite": () => ok({ revoked: true }),
      },
    });
    await user.click(
      await screen.findByRole("button", {
        name: "Resend the invitation to nina.petit@example.com",
      }),
    );
    expect(
      await screen.findByText("The invitation was sent again to nina.petit@example.com."),
    ).toBeInTheDocument();
    expect(server.bodiesOf("/team/resend-invite")).toEqual([
      { invitationUuid: TEST_INVITATIONS[0]!.uuid },
    ]);

    await user.click(
      screen.getByRole("button", { name: "Revoke the invitation to omar.roux@example.com" }),
    );
    const dialog = await screen.findByRole("alertdialog", { name: "Revoke this invitation?" });
    await user.click(within(dialog).getByRole("button", { name: "Revoke" }));
    await waitFor(() =>
      expect(server.bodiesOf("/team/revoke-invite")).toEqual([
        { invitationUuid: TEST_INVITATIONS[1]!.uuid },
      ]),
    );
    expect(await screen.findByText("The invitation was revoked.")).toBeInTheDocument();
  });

  it("shows a Member the invitations without resend or revoke", async () => {
    renderApp({ path: "/settings/members/pending", handlers: asRole("Member") });
    await screen.findByText("nina.petit@example.com");
    expect(screen.queryByRole("button", { name: /Resend/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Revoke/ })).not.toBeInTheDocument();
  });
});
