import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { envelopeDetail, ok, WORKSPACE_MAIN } from "../../../../test/api";
import {
  ROLE_EMPLOYEE,
  ROLE_MANAGER,
  TEMPLATE_UUID,
  templateDetail,
} from "../../../../test/api/template";
import { renderApp } from "../../../../test/render-app";

const USE_PATH = `/templates/${WORKSPACE_MAIN.uuid}/${TEMPLATE_UUID}/create-envelope`;

/** The template with its Employee role checked by a code sent by SMS. */
function smsTemplate() {
  const detail = templateDetail();
  return {
    ...detail,
    roles: detail.roles.map((role) =>
      role.uuid === ROLE_EMPLOYEE ? { ...role, verification: "sms_code" as const } : role,
    ),
  };
}

describe("creating an envelope from a template with an SMS check", () => {
  it("asks the phone of the role checked by SMS only, in international form, and sends it", async () => {
    const { user, server, router } = renderApp({
      path: USE_PATH,
      handlers: {
        "/template/get": () => ok(smsTemplate()),
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
    const manager = screen.getByRole("group", { name: "Manager (Signer)" });
    expect(within(manager).queryByRole("textbox", { name: /Mobile phone/ })).toBeNull();
    const employee = screen.getByRole("group", { name: "Employee (Signer)" });
    const phone = within(employee).getByRole("textbox", { name: /Mobile phone/ });
    expect(phone).toHaveAccessibleDescription(
      "This role's check is a code sent by SMS: the number in international form (+33…).",
    );
    await user.type(phone, "06 12 34 56 78");
    await user.click(screen.getByRole("button", { name: "Create and send" }));
    expect(
      await within(employee).findByText(
        "A code by SMS needs the phone number in international form, such as +33 6 12 34 56 78.",
      ),
    ).toBeInTheDocument();
    expect(server.bodiesOf("/template/create-envelope")).toEqual([]);

    await user.clear(phone);
    await user.type(phone, "+33 6 12 34 56 78");
    await user.click(screen.getByRole("button", { name: "Create and send" }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/view$/));
    expect(server.bodiesOf("/template/create-envelope")).toEqual([
      expect.objectContaining({
        recipients: [
          {
            roleUuid: ROLE_EMPLOYEE,
            email: "ada@example.com",
            firstname: "Ada",
            lastname: "Lovelace",
            phone: "+33 6 12 34 56 78",
          },
          {
            roleUuid: ROLE_MANAGER,
            email: "alan@example.com",
            firstname: "Alan",
            lastname: "Turing",
          },
        ],
      }),
    ]);
  }, 30_000);

  it("speaks French", async () => {
    renderApp({
      path: USE_PATH,
      language: "fr",
      handlers: { "/template/get": () => ok(smsTemplate()) },
    });
    const employee = await screen.findByRole("group", { name: /^Employee/ });
    expect(within(employee).getByRole("textbox", { name: /Téléphone mobile/ })).toBeInTheDocument();
  });
});
