import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, envelopeDetail, ok, WORKSPACE_MAIN } from "../../../../test/api";
import {
  ROLE_EMPLOYEE,
  ROLE_MANAGER,
  TEMPLATE_UUID,
  templateDetail,
  templateSummary,
} from "../../../../test/api/template";
import { renderApp } from "../../../../test/render-app";

const EDIT_PATH = `/templates/${WORKSPACE_MAIN.uuid}/${TEMPLATE_UUID}/edit`;
const USE_PATH = `/templates/${WORKSPACE_MAIN.uuid}/${TEMPLATE_UUID}/create-envelope`;

describe("template list", () => {
  it("lists templates with their status and asks the api for the tab's status", async () => {
    const { user, server } = renderApp({
      path: "/templates",
      handlers: {
        "/template/list": () =>
          ok({
            templates: [
              templateSummary(),
              templateSummary({ uuid: ROLE_MANAGER, title: "Leave", status: "draft" }),
            ],
            nextCursor: null,
          }),
      },
    });
    const row = (await screen.findByRole("link", { name: "Onboarding" })).closest("tr");
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText("Active")).toBeInTheDocument();
    expect(server.bodiesOf("/template/list")).toEqual([{ limit: 25 }]);
    await user.click(screen.getByRole("tab", { name: "Archived" }));
    await waitFor(() =>
      expect(server.bodiesOf("/template/list")).toContainEqual({ limit: 25, status: "archived" }),
    );
  });

  it("starts on the status of /templates/{status}", async () => {
    const { server } = renderApp({ path: "/templates/draft" });
    await waitFor(() =>
      expect(server.bodiesOf("/template/list")).toEqual([{ limit: 25, status: "draft" }]),
    );
  });

  it("says when the list cannot be loaded, with a retry", async () => {
    renderApp({
      path: "/templates",
      handlers: { "/template/list": () => apiError(500, "INTERNAL_ERROR") },
    });
    expect(await screen.findByText("The templates could not be loaded.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("offers Use only for an active template, and Activate for a draft", async () => {
    const { user } = renderApp({
      path: "/templates",
      handlers: {
        "/template/list": () =>
          ok({ templates: [templateSummary({ status: "draft" })], nextCursor: null }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Actions for Onboarding" }));
    expect(await screen.findByRole("menuitem", { name: "Activate" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Use" })).not.toBeInTheDocument();
  });
});

describe("template editor", () => {
  it("keeps Activate disabled with the reason until each signer role has a signature field", async () => {
    renderApp({
      path: EDIT_PATH,
      handlers: { "/template/get": () => ok(templateDetail({ status: "incomplete" })) },
    });
    expect(await screen.findByRole("button", { name: "Activate" })).toBeDisabled();
    expect(screen.getByText("Place a signature field for the role Employee.")).toBeInTheDocument();
  });

  it("refuses a role label already taken in the template, whatever its case, without calling the api", async () => {
    const { user, server } = renderApp({
      path: EDIT_PATH,
      handlers: { "/template/get": () => ok(templateDetail({ status: "incomplete" })) },
    });
    await user.click(await screen.findByRole("button", { name: /^Add$/ }));
    const dialog = await screen.findByRole("dialog", { name: "Add a role" });
    await user.type(within(dialog).getByRole("textbox", { name: /Role label/ }), "employee");
    await user.click(within(dialog).getByRole("button", { name: "Add the role" }));
    expect(
      await within(dialog).findByText("Another recipient of this template has this label."),
    ).toBeInTheDocument();
    expect(server.bodiesOf("/template/save-recipients")).toEqual([]);
  });

  it("saves a new role through /template/save-recipients with the roles in order", async () => {
    const { user, server } = renderApp({
      path: EDIT_PATH,
      handlers: {
        "/template/get": () => ok(templateDetail({ status: "incomplete" })),
        "/template/save-recipients": () => ok(templateDetail({ status: "incomplete" })),
      },
    });
    await user.click(await screen.findByRole("button", { name: /^Add$/ }));
    const dialog = await screen.findByRole("dialog", { name: "Add a role" });
    await user.type(within(dialog).getByRole("textbox", { name: /Role label/ }), "Witness");
    await user.click(within(dialog).getByRole("radio", { name: /Approver/ }));
    await user.click(within(dialog).getByRole("button", { name: "Add the role" }));
    await waitFor(() =>
      expect(server.bodiesOf("/template/save-recipients")).toEqual([
        {
          templateUuid: TEMPLATE_UUID,
          roles: [
            { uuid: ROLE_EMPLOYEE, label: "Employee", kind: "signer" },
            { uuid: ROLE_MANAGER, label: "Manager", kind: "signer" },
            { label: "Witness", kind: "approver" },
          ],
        },
      ]),
    );
  });
});

describe("creating an envelope from a template", () => {
  it("asks for every role before calling the api", async () => {
    const { user, server } = renderApp({
      path: USE_PATH,
      handlers: { "/template/get": () => ok(templateDetail()) },
    });
    const employee = await screen.findByRole("group", { name: "Employee (Signer)" });
    await user.type(
      within(employee).getByRole("combobox", { name: /Email address/ }),
      "ada@example.com",
    );
    await user.type(within(employee).getByRole("textbox", { name: /First name/ }), "Ada");
    await user.type(within(employee).getByRole("textbox", { name: /Last name/ }), "Lovelace");
    await user.click(screen.getByRole("button", { name: "Create and send" }));
    expect(await screen.findByText("Please select all recipients.")).toBeInTheDocument();
    expect(server.bodiesOf("/template/create-envelope")).toEqual([]);
  });

  it("sends one person per role and opens the new envelope", async () => {
    const { user, server, router } = renderApp({
      path: USE_PATH,
      handlers: {
        "/template/get": () => ok(templateDetail()),
        "/template/create-envelope": () => ok(envelopeDetail({ status: "signing" })),
      },
    });
    for (const [label, email, first, last] of [
      ["Employee", "ada@example.com", "Ada", "Lovelace"],
      ["Manager", "alan@example.com", "Alan", "Turing"],
    ] as const) {
      const group = await screen.findByRole("group", { name: `${label} (Signer)` });
      await user.type(within(group).getByRole("combobox", { name: /Email address/ }), email);
      await user.type(within(group).getByRole("textbox", { name: /First name/ }), first);
      await user.type(within(group).getByRole("textbox", { name: /Last name/ }), last);
    }
    await user.click(screen.getByRole("button", { name: "Create and send" }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/view$/));
    expect(server.bodiesOf("/template/create-envelope")).toEqual([
      {
        templateUuid: TEMPLATE_UUID,
        recipients: [
          {
            roleUuid: ROLE_EMPLOYEE,
            email: "ada@example.com",
            firstname: "Ada",
            lastname: "Lovelace",
          },
          {
            roleUuid: ROLE_MANAGER,
            email: "alan@example.com",
            firstname: "Alan",
            lastname: "Turing",
          },
        ],
        title: "Onboarding",
        message: null,
        send: true,
      },
    ]);
  });

  it("says a template that is not active cannot be used", async () => {
    renderApp({
      path: USE_PATH,
      handlers: { "/template/get": () => ok(templateDetail({ status: "draft" })) },
    });
    expect(
      await screen.findByText(
        "This template is not active, so it cannot be used yet. Activate it first.",
      ),
    ).toBeInTheDocument();
  });
});
