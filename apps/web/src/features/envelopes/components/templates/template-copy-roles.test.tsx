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

const EDIT_PATH = `/templates/${WORKSPACE_MAIN.uuid}/${TEMPLATE_UUID}/edit`;

describe("template roles in copy", () => {
  it("saves a role in copy through /template/save-recipients", async () => {
    const { user, server } = renderApp({
      path: EDIT_PATH,
      handlers: {
        "/template/get": () => ok(templateDetail({ status: "incomplete" })),
        "/template/save-recipients": () => ok(templateDetail({ status: "incomplete" })),
      },
    });
    await user.click(await screen.findByRole("button", { name: /^Add$/ }));
    const dialog = await screen.findByRole("dialog", { name: "Add a role" });
    expect(
      within(dialog)
        .getAllByRole("radio")
        .map((radio) => radio.getAttribute("value")),
    ).toEqual(["signer", "approver", "cc"]);
    await user.type(within(dialog).getByRole("textbox", { name: /Role label/ }), "Accounting");
    await user.click(within(dialog).getByRole("radio", { name: /Copy/ }));
    await user.click(within(dialog).getByRole("button", { name: "Add the role" }));
    await waitFor(() =>
      expect(server.bodiesOf("/template/save-recipients")).toEqual([
        {
          templateUuid: TEMPLATE_UUID,
          roles: [
            { uuid: ROLE_EMPLOYEE, label: "Employee", kind: "signer" },
            { uuid: ROLE_MANAGER, label: "Manager", kind: "signer" },
            { label: "Accounting", kind: "cc" },
          ],
        },
      ]),
    );
  });
});
