import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, membersHandlers, ok, roleNamed } from "../../../test/api";
import { renderApp } from "../../../test/render-app";

const csvFile = (text: string, name = "members.csv") =>
  new File([text], name, { type: "text/csv" });

const GOOD_FILE =
  "email,firstname,lastname,phone\nnina@example.com,Nina,Simone,+33 6 12 34 56 78\nomar@example.com,Omar,Sy,\n";

describe("the members import page", () => {
  it("is reached from the members page's Import button", async () => {
    const { user, router } = renderApp({ path: "/settings/members" });
    await user.click(await screen.findByRole("button", { name: "Import" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings/members/import"));
    expect(await screen.findByRole("region", { name: "Import members" })).toBeInTheDocument();
  });

  it("invites every row of a good file with the chosen role, then shows the pending invitations", async () => {
    const { user, server, router } = renderApp({
      path: "/settings/members/import",
      handlers: { "/team/import-invitations": () => ok({ invited: 2 }) },
    });
    await user.upload(await screen.findByLabelText("CSV file"), csvFile(GOOD_FILE));
    const role = await screen.findByRole("combobox", { name: /Role of the invited people/ });
    expect(role).toHaveValue(roleNamed("Member").uuid);
    await user.selectOptions(role, "Viewer");
    await user.click(screen.getByRole("button", { name: "Import 2 rows" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings/members/pending"));
    expect(
      await screen.findByText("2 invitations sent. They are listed in the pending invitations."),
    ).toBeInTheDocument();
    expect(server.bodiesOf("/team/import-invitations")).toEqual([
      {
        roleUuid: roleNamed("Viewer").uuid,
        invitations: [
          {
            email: "nina@example.com",
            firstname: "Nina",
            lastname: "Simone",
            phone: "+33612345678",
          },
          { email: "omar@example.com", firstname: "Omar", lastname: "Sy", phone: null },
        ],
      },
    ]);
  });

  it("previews each row's errors and imports nothing while a row is wrong", async () => {
    const { user, server } = renderApp({ path: "/settings/members/import" });
    await user.upload(
      await screen.findByLabelText("CSV file"),
      csvFile(
        "email,firstname,lastname\nnina@example.com,Nina,Simone\nNINA@example.com,Nina,Again\nbroken,,Sy\n",
      ),
    );
    const rows = within(
      await screen.findByRole("table", { name: "People to invite" }),
    ).getAllByRole("row");
    expect(within(rows[2]!).getByText("Email: This appears twice.")).toBeInTheDocument();
    expect(within(rows[3]!).getByText("Email: Enter a valid email address.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Import 3 rows" })).toBeDisabled();
    expect(server.bodiesOf("/team/import-invitations")).toEqual([]);
  });

  it("says why an empty file or one without the required columns cannot be imported", async () => {
    const { user } = renderApp({ path: "/settings/members/import" });
    const input = await screen.findByLabelText("CSV file");
    await user.upload(input, csvFile(""));
    expect(
      await screen.findByText("This file is empty: it has no rows to import."),
    ).toBeInTheDocument();
    await user.upload(input, csvFile("email,name\na@b.co,A\n"));
    expect(
      await screen.findByText("This file lacks the required columns: firstname, lastname."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("shows the server's refusal on the rows it names: already a member, already invited", async () => {
    const { user, router } = renderApp({
      path: "/settings/members/import",
      handlers: {
        "/team/import-invitations": () =>
          apiError(400, "VALIDATION_ERROR", [
            { path: "invitations.0.email", message: "already_member" },
            { path: "invitations.1.email", message: "already_invited" },
          ]),
      },
    });
    await user.upload(await screen.findByLabelText("CSV file"), csvFile(GOOD_FILE));
    await user.click(await screen.findByRole("button", { name: "Import 2 rows" }));
    expect(await screen.findByText(/Import failure: nothing was imported\./)).toBeInTheDocument();
    const rows = within(screen.getByRole("table", { name: "People to invite" })).getAllByRole(
      "row",
    );
    expect(
      within(rows[1]!).getByText("Email: This person is already a member of the team."),
    ).toBeInTheDocument();
    expect(
      within(rows[2]!).getByText(
        "Email: This person is already invited: resend the invitation from the pending invitations.",
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/settings/members/import");
  });

  it("with every seat taken, offers only the Viewer role and says why", async () => {
    const { user } = renderApp({
      path: "/settings/members/import",
      handlers: membersHandlers({ used: 3, total: 3 }),
    });
    expect(
      await screen.findByText(
        "Every seat of your plan is taken: only the Viewer role can be imported until a seat is freed.",
      ),
    ).toBeInTheDocument();
    await user.upload(screen.getByLabelText("CSV file"), csvFile(GOOD_FILE));
    const role = await screen.findByRole("combobox", { name: /Role of the invited people/ });
    expect(role).toHaveValue(roleNamed("Viewer").uuid);
    expect(within(role).getByRole("option", { name: "Member" })).toBeDisabled();
    expect(within(role).getByRole("option", { name: "Viewer" })).toBeEnabled();
  });
});
