import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TEST_INVITATIONS, asRole, ok } from "../../../test/api";
import { renderApp } from "../../../test/render-app";

describe("pending invitations", () => {
  it("lists the invitations as cards with their resend count, labelled Resend and Revoke, and marks the expired ones", async () => {
    renderApp({ path: "/settings/members/pending" });
    const list = await screen.findByRole("list", { name: "Pending invitations" });
    await within(list).findByText("nina.petit@example.com");
    const cards = within(list).getAllByRole("listitem");
    expect(cards).toHaveLength(TEST_INVITATIONS.length);
    const expired = within(list).getByText("nina.petit@example.com").closest("li")!;
    expect(within(expired).getByText("Expired")).toBeInTheDocument();
    const live = within(list).getAllByText("omar.roux@example.com")[0]!.closest("li")!;
    expect(within(live).queryByText("Expired")).not.toBeInTheDocument();
    expect(within(live).getByText("2")).toBeInTheDocument();
    expect(within(live).getByRole("button", { name: /^Resend/ })).toHaveTextContent("Resend");
    expect(within(live).getByRole("button", { name: /^Revoke/ })).toHaveTextContent("Revoke");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
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
