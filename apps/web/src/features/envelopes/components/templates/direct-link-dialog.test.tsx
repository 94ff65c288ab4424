import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ok, WORKSPACE_MAIN } from "../../../../test/api";
import {
  ROLE_EMPLOYEE,
  ROLE_MANAGER,
  TEMPLATE_UUID,
  templateDetail,
} from "../../../../test/api/template";
import { renderApp } from "../../../../test/render-app";
import { directLinkUrl } from "./direct-link-dialog";

const EDIT_PATH = `/templates/${WORKSPACE_MAIN.uuid}/${TEMPLATE_UUID}/edit`;
const TOKEN = "AbCdEfGhIjKlMnOpQrStUvWxYz012345";

const savedLink = (uses = 0) => ({
  enabled: true,
  roleUuid: ROLE_EMPLOYEE,
  others: [
    { roleUuid: ROLE_MANAGER, email: "max@example.com", firstname: "Max", lastname: "Manager" },
  ],
  maxUses: null,
  usesPerHour: 20,
  uses,
  createdAt: "2026-12-07T00:00:00.000Z",
  updatedAt: "2026-12-07T00:00:00.000Z",
});

describe("a template's direct link", () => {
  it("is an address of the signing site", () => {
    expect(directLinkUrl(TOKEN, "https://sign.example")).toBe(`https://sign.example/d/${TOKEN}`);
  });

  it("is turned on from an active template's page, with a person for the other role, and shows its address once", async () => {
    const { user, server } = renderApp({
      path: EDIT_PATH,
      handlers: {
        "/template/get": () => ok(templateDetail({ status: "active" })),
        "/template/direct-link/get": () => ok({ link: null }),
        "/template/direct-link/save": () => ok({ link: savedLink(), token: TOKEN }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Direct link" }));
    const dialog = await screen.findByRole("dialog", { name: "Direct link" });
    expect(await within(dialog).findByText("The direct link is off.")).toBeVisible();
    await user.type(within(dialog).getByLabelText(/First name/), "Max");
    await user.type(within(dialog).getByLabelText(/Last name/), "Manager");
    await user.type(within(dialog).getByLabelText(/Email address/), "max@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Turn on" }));
    await waitFor(() =>
      expect(server.bodiesOf("/template/direct-link/save")).toEqual([
        {
          templateUuid: TEMPLATE_UUID,
          roleUuid: ROLE_EMPLOYEE,
          others: [
            {
              roleUuid: ROLE_MANAGER,
              email: "max@example.com",
              firstname: "Max",
              lastname: "Manager",
            },
          ],
          maxUses: null,
          usesPerHour: 20,
        },
      ]),
    );
    expect(await within(dialog).findByDisplayValue(new RegExp(`/d/${TOKEN}$`))).toBeVisible();
    expect(within(dialog).getByText("The direct link is on. Used 0 times.")).toBeVisible();
  });

  it("gets a new address or is turned off", async () => {
    const { user, server } = renderApp({
      path: EDIT_PATH,
      handlers: {
        "/template/get": () => ok(templateDetail({ status: "active" })),
        "/template/direct-link/get": () => ok({ link: savedLink(3) }),
        "/template/direct-link/rotate": () => ok({ link: savedLink(3), token: TOKEN }),
        "/template/direct-link/disable": () => ok({ link: { ...savedLink(3), enabled: false } }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Direct link" }));
    const dialog = await screen.findByRole("dialog", { name: "Direct link" });
    expect(await within(dialog).findByText("The direct link is on. Used 3 times.")).toBeVisible();
    await user.click(within(dialog).getByRole("button", { name: "New address" }));
    expect(await within(dialog).findByDisplayValue(new RegExp(`/d/${TOKEN}$`))).toBeVisible();
    await user.click(within(dialog).getByRole("button", { name: "Turn off" }));
    expect(await within(dialog).findByText(/The direct link is turned off:/)).toBeVisible();
    expect(server.bodiesOf("/template/direct-link/disable")).toEqual([
      { templateUuid: TEMPLATE_UUID },
    ]);
  });
});
