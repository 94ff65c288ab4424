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
    // The kinds (the first group; the check before signing is the other).
    const [kinds] = within(dialog).getAllByRole("radiogroup");
    expect(
      within(kinds as HTMLElement)
        .getAllByRole("radio")
        .map((radio) => radio.getAttribute("value")),
    ).toEqual(["signer", "approver", "viewer", "cc"]);
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

  it("asks a signer role for a code sent by email before signing, and keeps it when the role is edited", async () => {
    const detail = templateDetail({ status: "incomplete" });
    const checked = {
      ...detail,
      roles: detail.roles.map((role) =>
        role.uuid === ROLE_EMPLOYEE ? { ...role, verification: "email_code" as const } : role,
      ),
    };
    const { user, server } = renderApp({
      path: EDIT_PATH,
      handlers: {
        "/template/get": () => ok(checked),
        "/template/save-recipients": () => ok(checked),
      },
    });
    const check = "Code sent by email";
    await user.click(await screen.findByRole("button", { name: "Edit Employee" }));
    const editing = await screen.findByRole("dialog", { name: "Edit the role" });
    expect(within(editing).getByRole("radio", { name: check })).toBeChecked();
    await user.type(within(editing).getByRole("textbox", { name: /Role label/ }), "s");
    await user.click(within(editing).getByRole("button", { name: "Save the role" }));
    await waitFor(() => expect(server.bodiesOf("/template/save-recipients")).toHaveLength(1));

    await user.click(await screen.findByRole("button", { name: /^Add$/ }));
    const adding = await screen.findByRole("dialog", { name: "Add a role" });
    await user.type(within(adding).getByRole("textbox", { name: /Role label/ }), "Director");
    await user.click(within(adding).getByRole("radio", { name: check }));
    // A copy is never asked: the option goes with the signer kind.
    await user.click(within(adding).getByRole("radio", { name: /Copy/ }));
    expect(within(adding).queryByRole("radio", { name: check })).toBeNull();
    await user.click(within(adding).getByRole("radio", { name: /Signer/ }));
    await user.click(within(adding).getByRole("button", { name: "Add the role" }));
    await waitFor(() =>
      expect(server.bodiesOf("/template/save-recipients")).toEqual([
        {
          templateUuid: TEMPLATE_UUID,
          roles: [
            { uuid: ROLE_EMPLOYEE, label: "Employees", kind: "signer", verification: "email_code" },
            { uuid: ROLE_MANAGER, label: "Manager", kind: "signer" },
          ],
        },
        {
          templateUuid: TEMPLATE_UUID,
          roles: [
            { uuid: ROLE_EMPLOYEE, label: "Employee", kind: "signer", verification: "email_code" },
            { uuid: ROLE_MANAGER, label: "Manager", kind: "signer" },
            { label: "Director", kind: "signer", verification: "email_code" },
          ],
        },
      ]),
    );
  });
});
