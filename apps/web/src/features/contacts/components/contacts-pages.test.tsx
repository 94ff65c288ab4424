import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  CONTACT_ADA,
  WORKSPACE_LEGAL,
  WORKSPACE_MAIN,
  apiError,
  asRole,
  createContactHandlers,
  ok,
} from "../../../test/api";
import { renderApp } from "../../../test/render-app";

const csvFile = (text: string, name = "contacts.csv") =>
  new File([text], name, { type: "text/csv" });

describe("the contacts pages", () => {
  it("lists the contacts of the member's workspaces, each linking to its page", async () => {
    const { handlers } = createContactHandlers();
    renderApp({ path: "/contacts", handlers });
    const table = await screen.findByRole("table", { name: "Contacts" });
    await within(table).findByText("Lovelace");
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    expect(within(table).getByRole("link", { name: "Edit ada@example.com" })).toHaveAttribute(
      "href",
      `/contacts/${WORKSPACE_MAIN.uuid}/ada%40example.com`,
    );
  });

  it("searches on the server as the member types", async () => {
    const { handlers } = createContactHandlers();
    const { user, server } = renderApp({ path: "/contacts", handlers });
    await screen.findByText("Lovelace");
    await user.type(screen.getByRole("searchbox", { name: "Search contacts" }), "grace");
    await waitFor(() => expect(screen.queryByText("Lovelace")).not.toBeInTheDocument());
    expect(server.bodiesOf("/contact/list")).toContainEqual(
      expect.objectContaining({ search: "grace" }),
    );
  });

  it("shows the list's loading failure with a retry", async () => {
    renderApp({
      path: "/contacts",
      handlers: { "/contact/list": () => apiError(403, "FORBIDDEN") },
    });
    expect(await screen.findByText("You do not have permission to do this.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("creates a contact, and shows a save failure beside the email already in the workspace", async () => {
    const contacts = createContactHandlers();
    const { user, router } = renderApp({ path: "/contacts/new", handlers: contacts.handlers });
    await user.type(await screen.findByRole("textbox", { name: /Email/ }), "ada@example.com");
    await user.type(screen.getByRole("textbox", { name: /First name/ }), "Ada");
    await user.type(screen.getByRole("textbox", { name: /Last name/ }), "Byron");
    await user.click(screen.getByRole("button", { name: "Create contact" }));
    expect(
      await screen.findByText("A contact with this email already exists in this workspace."),
    ).toBeInTheDocument();
    expect(screen.getByText(/Contact save failure:/)).toBeInTheDocument();

    const email = screen.getByRole("textbox", { name: /Email/ });
    await user.clear(email);
    await user.type(email, "new@example.com");
    await user.click(screen.getByRole("button", { name: "Create contact" }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/contacts/${WORKSPACE_MAIN.uuid}/new%40example.com`,
      ),
    );
    expect(contacts.contacts().map((contact) => contact.email)).toContain("new@example.com");
  });

  it("shows the new contact's form only once the workspaces are loaded, and offers a retry when they fail", async () => {
    const contacts = createContactHandlers();
    let workspaceCalls = 0;
    const { user, server } = renderApp({
      path: "/contacts/new",
      handlers: {
        ...contacts.handlers,
        "/workspace/list": () =>
          ++workspaceCalls === 1
            ? apiError(500, "INTERNAL_ERROR")
            : ok({ workspaces: [WORKSPACE_LEGAL, WORKSPACE_MAIN] }),
      },
    });
    expect(await screen.findByText("Your workspaces could not be loaded.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Create contact" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Try again" }));
    await user.type(await screen.findByRole("textbox", { name: /Email/ }), "x@example.com");
    await user.type(screen.getByRole("textbox", { name: /First name/ }), "X");
    await user.type(screen.getByRole("textbox", { name: /Last name/ }), "Y");
    await user.click(screen.getByRole("button", { name: "Create contact" }));
    await waitFor(() =>
      expect(server.bodiesOf("/contact/create")).toEqual([
        expect.objectContaining({ email: "x@example.com", workspaceUuid: WORKSPACE_LEGAL.uuid }),
      ]),
    );
  });

  it("refuses a phone that is not international before calling the api", async () => {
    const contacts = createContactHandlers();
    const { user, server } = renderApp({ path: "/contacts/new", handlers: contacts.handlers });
    await user.type(await screen.findByRole("textbox", { name: /Email/ }), "x@example.com");
    await user.type(screen.getByRole("textbox", { name: /First name/ }), "X");
    await user.type(screen.getByRole("textbox", { name: /Last name/ }), "Y");
    await user.type(screen.getByRole("textbox", { name: /Phone/ }), "06 12 34 56 78");
    await user.click(screen.getByRole("button", { name: "Create contact" }));
    expect(await screen.findByText("Enter a valid phone number.")).toBeInTheDocument();
    expect(server.bodiesOf("/contact/create")).toEqual([]);
  });

  it("edits a contact and deletes it after confirmation", async () => {
    const contacts = createContactHandlers();
    const { user, router } = renderApp({
      path: `/contacts/${WORKSPACE_MAIN.uuid}/ada%40example.com`,
      handlers: contacts.handlers,
    });
    const firstname = await screen.findByRole("textbox", { name: /First name/ });
    expect(firstname).toHaveValue("Ada");
    await user.clear(firstname);
    await user.type(firstname, "Augusta");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Contact saved.")).toBeInTheDocument();
    expect(contacts.contacts()[0]?.firstname).toBe("Augusta");

    await user.click(screen.getByRole("button", { name: "Delete contact" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete this contact?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/contacts"));
    expect(contacts.contacts().map((contact) => contact.uuid)).not.toContain(CONTACT_ADA.uuid);
  });

  it("a Viewer cannot delete a contact: the button says why", async () => {
    const contacts = createContactHandlers();
    renderApp({
      path: `/contacts/${WORKSPACE_MAIN.uuid}/ada%40example.com`,
      handlers: { ...contacts.handlers, ...asRole("Viewer") },
    });
    const button = await screen.findByRole("button", { name: "Delete contact" });
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(button).toHaveAccessibleDescription("Your role does not allow you to delete contacts.");
  });
});

describe("importing contacts from a CSV file", () => {
  it("previews every row with its errors and imports nothing while a row has one", async () => {
    const contacts = createContactHandlers();
    const { user, server } = renderApp({ path: "/contacts/import", handlers: contacts.handlers });
    await user.upload(
      await screen.findByLabelText("CSV file"),
      csvFile("email,firstname,lastname,phone\nok@example.com,Ok,Row,\nbroken,Bad,,0612\n"),
    );
    const table = await screen.findByRole("table", { name: "Rows of the file" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText("Ready")).toBeInTheDocument();
    expect(within(rows[2]!).getByText("Email: Enter a valid email address.")).toBeInTheDocument();
    expect(within(rows[2]!).getByText("Last name: This field is required.")).toBeInTheDocument();
    expect(within(rows[2]!).getByText("Phone: Enter a valid phone number.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Import 2 rows" })).toBeDisabled();
    expect(server.bodiesOf("/contact/import")).toEqual([]);
  });

  it("says why a file without the required columns is refused", async () => {
    const { user } = renderApp({
      path: "/contacts/import",
      handlers: createContactHandlers().handlers,
    });
    await user.upload(await screen.findByLabelText("CSV file"), csvFile("email,name\na@b.co,A\n"));
    expect(
      await screen.findByText("This file lacks the required columns: firstname, lastname."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("says an empty file has nothing to import", async () => {
    const { user } = renderApp({
      path: "/contacts/import",
      handlers: createContactHandlers().handlers,
    });
    await user.upload(await screen.findByLabelText("CSV file"), csvFile(""));
    expect(
      await screen.findByText("This file is empty: it has no rows to import."),
    ).toBeInTheDocument();
  });

  it("imports a good file into the chosen workspace, all rows in one call", async () => {
    const contacts = createContactHandlers();
    const { user, server, router } = renderApp({
      path: "/contacts/import",
      handlers: contacts.handlers,
    });
    await user.upload(
      await screen.findByLabelText("CSV file"),
      csvFile(
        "email,firstname,lastname,phone\na@example.com,A,One,+33 6 12 34 56 78\nb@example.com,B,Two,\n",
      ),
    );
    await user.click(await screen.findByRole("button", { name: "Import 2 rows" }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/contacts/${WORKSPACE_MAIN.uuid}`),
    );
    expect(server.bodiesOf("/contact/import")).toEqual([
      {
        workspaceUuid: WORKSPACE_MAIN.uuid,
        contacts: [
          { email: "a@example.com", firstname: "A", lastname: "One", phone: "+33612345678" },
          { email: "b@example.com", firstname: "B", lastname: "Two", phone: null },
        ],
      },
    ]);
  });

  it("shows the import failure and the server's error on the row it names", async () => {
    const contacts = createContactHandlers();
    const { user } = renderApp({
      path: "/contacts/import",
      handlers: {
        ...contacts.handlers,
        "/contact/import": () =>
          apiError(400, "VALIDATION_ERROR", [
            { path: "contacts.1.email", message: "invalid_email" },
          ]),
      },
    });
    await user.upload(
      await screen.findByLabelText("CSV file"),
      csvFile("email,firstname,lastname\na@example.com,A,One\nb@example.com,B,Two\n"),
    );
    await user.click(await screen.findByRole("button", { name: "Import 2 rows" }));
    expect(await screen.findByText(/Import failure: nothing was imported\./)).toBeInTheDocument();
    const rows = within(screen.getByRole("table", { name: "Rows of the file" })).getAllByRole(
      "row",
    );
    expect(within(rows[2]!).getByText("Email: Enter a valid email address.")).toBeInTheDocument();
  });
});
