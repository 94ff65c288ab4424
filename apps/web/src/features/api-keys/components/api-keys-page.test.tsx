import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  API_KEY_CRM,
  TEST_SECRET_KEY,
  apiError,
  asRole,
  createApiKeyHandlers,
} from "../../../test/api";
import { renderApp } from "../../../test/render-app";

describe("API keys", () => {
  it("lists the team's keys with description, access key, permissions, status and date", async () => {
    renderApp({ path: "/settings/api-keys", handlers: createApiKeyHandlers() });
    const table = await screen.findByRole("table", { name: "API keys of the team" });
    const crm = (await within(table).findByText("CRM integration")).closest("tr")!;
    expect(within(crm).getByText(API_KEY_CRM.accessKey)).toBeInTheDocument();
    expect(within(crm).getByText("Read")).toBeInTheDocument();
    expect(within(crm).getByText("Create")).toBeInTheDocument();
    expect(within(crm).getByText("Active")).toBeInTheDocument();
    expect(
      within(crm).getByRole("button", { name: "Revoke the API key CRM integration" }),
    ).toBeEnabled();
    const old = within(table).getByText("Old back office").closest("tr")!;
    expect(within(old).getByText("Revoked")).toBeInTheDocument();
    expect(within(old).queryByRole("button", { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it("says so when the team has no key", async () => {
    renderApp({ path: "/settings/api-keys", handlers: createApiKeyHandlers([]) });
    expect(await screen.findByText("No API key yet.")).toBeInTheDocument();
  });

  it("shows a load failure with a way to try again", async () => {
    const { user, server } = renderApp({
      path: "/settings/api-keys",
      handlers: { "/api-key/list": () => apiError(500, "INTERNAL_SERVER_ERROR") },
    });
    const retry = await screen.findByRole("button", { name: "Try again" });
    server.use(createApiKeyHandlers());
    await user.click(retry);
    expect(await screen.findByText("CRM integration")).toBeInTheDocument();
  });

  it("requires a description of at most 128 characters and a permission, and sends nothing until then", async () => {
    const { user, server } = renderApp({
      path: "/settings/api-keys",
      handlers: createApiKeyHandlers(),
    });
    await user.click(await screen.findByRole("button", { name: "Create an API key" }));
    const dialog = await screen.findByRole("dialog", { name: "Create an API key" });
    await user.click(within(dialog).getByRole("checkbox", { name: "Read" }));
    await user.click(within(dialog).getByRole("button", { name: "Create the key" }));
    expect(await within(dialog).findByText("This field is required.")).toBeVisible();
    expect(within(dialog).getByText("Choose at least one permission.")).toBeVisible();

    const description = within(dialog).getByRole("textbox", { name: /Description/ });
    await user.click(description);
    await user.paste("x".repeat(129));
    expect(within(dialog).getByText("129 of 128 characters")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("checkbox", { name: /Manage/ }));
    await user.click(within(dialog).getByRole("button", { name: "Create the key" }));
    expect(
      await within(dialog).findByText("The description can be at most 128 characters long."),
    ).toBeVisible();
    expect(server.bodiesOf("/api-key/create")).toEqual([]);
  });

  it("creates a key and shows its secret key once, with a copy button and a warning", async () => {
    const { user, server } = renderApp({
      path: "/settings/api-keys",
      handlers: createApiKeyHandlers(),
    });
    await user.click(await screen.findByRole("button", { name: "Create an API key" }));
    const dialog = await screen.findByRole("dialog", { name: "Create an API key" });
    await user.type(within(dialog).getByRole("textbox", { name: /Description/ }), "Billing");
    await user.click(
      within(dialog).getByRole("checkbox", {
        name: "Create (templates, and envelopes from templates)",
      }),
    );
    await user.click(within(dialog).getByRole("button", { name: "Create the key" }));

    const shown = await screen.findByRole("dialog", { name: "Your new API key" });
    expect(server.bodiesOf("/api-key/create")).toEqual([
      { description: "Billing", permissions: ["read", "create"] },
    ]);
    expect(within(shown).getByRole("alert")).toHaveTextContent(/shown only this once/);
    expect(within(shown).getByRole("textbox", { name: "Secret key" })).toHaveValue(TEST_SECRET_KEY);
    await user.click(within(shown).getByRole("button", { name: "Copy the secret key" }));
    expect(await navigator.clipboard.readText()).toBe(TEST_SECRET_KEY);

    await user.click(within(shown).getByRole("button", { name: "I have saved the secret key" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByText("Billing")).toBeInTheDocument();
    expect(screen.queryByText(TEST_SECRET_KEY)).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(TEST_SECRET_KEY)).not.toBeInTheDocument();
  });

  it("revokes a key after a confirmation that says it is irreversible", async () => {
    const { user, server } = renderApp({
      path: "/settings/api-keys",
      handlers: createApiKeyHandlers(),
    });
    await user.click(
      await screen.findByRole("button", { name: "Revoke the API key CRM integration" }),
    );
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm).toHaveTextContent(/irreversible/);
    await user.click(within(confirm).getByRole("button", { name: "Revoke" }));
    await waitFor(() =>
      expect(server.bodiesOf("/api-key/revoke")).toEqual([{ apiKeyUuid: API_KEY_CRM.uuid }]),
    );
    expect(await screen.findByText("The API key was revoked.")).toBeInTheDocument();
  });

  it("shows a role that cannot manage API keys why, without calling the api, and hides the navigation item", async () => {
    const { server } = renderApp({
      path: "/settings/api-keys",
      handlers: { ...createApiKeyHandlers(), ...asRole("Member") },
    });
    expect(
      await screen.findByText("Your role does not allow you to manage the team's API keys."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "API keys" })).not.toBeInTheDocument();
    expect(server.bodiesOf("/api-key/list")).toEqual([]);
  });

  it("is offered in the settings navigation to those who may manage keys, in French too", async () => {
    renderApp({
      path: "/settings/api-keys",
      handlers: createApiKeyHandlers(),
      language: "fr",
    });
    expect(await screen.findByRole("link", { name: "Clés d’API" })).toHaveAttribute(
      "href",
      "/settings/api-keys",
    );
    expect(await screen.findByRole("table", { name: "Clés d’API de l’équipe" })).toBeVisible();
  });
});
