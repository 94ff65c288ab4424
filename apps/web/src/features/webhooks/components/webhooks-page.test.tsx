import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, ok } from "../../../test/api";
import { renderApp } from "../../../test/render-app";

const ENDPOINT = {
  uuid: "0b9b3a52-1f4f-4f0e-9d0b-5c1f3e0c2a11",
  url: "https://hooks.example.com/paraphe",
  events: ["envelope.sent", "envelope.completed"],
  enabled: true,
  workspaces: null,
  accountable: { uuid: "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f", name: "Ada Lovelace" },
  createdAt: "2026-11-20T09:00:00.000Z",
  updatedAt: "2026-11-20T09:00:00.000Z",
  secretCreatedAt: "2026-11-20T09:00:00.000Z",
};
const workspace = (uuid: string, name: string) => ({
  uuid,
  name,
  color: "#336699",
  isDefault: name === "General",
  memberCount: 2,
  createdAt: "2026-11-01T09:00:00.000Z",
  updatedAt: "2026-11-01T09:00:00.000Z",
});
const GENERAL = workspace("2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d", "General");
const SALES = workspace("3b4c5d6e-7f8a-4b9c-8d1e-2f3a4b5c6d7e", "Sales");
const DELIVERY = {
  uuid: "5d7c1e0a-2b3c-4d5e-8f90-123456789abc",
  endpointUuid: ENDPOINT.uuid,
  eventId: "9a8b7c6d-5e4f-4a3b-9c2d-1e0f98765432",
  eventType: "envelope.sent",
  status: "failed",
  attempts: 6,
  lastError: "HTTP 500: receiver failure",
  lastResponseStatus: 500,
  nextAttemptAt: null,
  deliveredAt: null,
  replayOfUuid: null,
  envelope: {
    uuid: "7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2910",
    title: "Lease of the Rue Verte",
    workspaceUuid: "2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d",
  },
  createdAt: "2026-11-21T10:00:00.000Z",
  updatedAt: "2026-11-21T16:00:00.000Z",
};

describe("webhook settings", () => {
  it("says when there is no endpoint, creates one with its events and shows its secret once", async () => {
    const { user, server } = renderApp({
      path: "/settings/webhooks",
      handlers: {
        "/webhook/list": () => ok({ endpoints: [] }),
        "/webhook/create": () => ok({ endpoint: ENDPOINT, secret: "whsec_shown-once" }),
      },
    });
    expect(await screen.findByText("No webhook endpoint yet")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add an endpoint" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a webhook endpoint" });
    await user.type(within(dialog).getByRole("textbox", { name: /Endpoint URL/ }), ENDPOINT.url);
    await user.click(within(dialog).getByRole("button", { name: "Add the endpoint" }));
    expect(await within(dialog).findByText("This field is required.")).toBeInTheDocument();
    expect(server.bodiesOf("/webhook/create")).toEqual([]);
    await user.click(within(dialog).getByRole("checkbox", { name: "Envelope sent" }));
    await user.click(within(dialog).getByRole("checkbox", { name: "Envelope completed" }));
    await user.click(within(dialog).getByRole("button", { name: "Add the endpoint" }));
    await waitFor(() =>
      expect(server.bodiesOf("/webhook/create")).toEqual([
        {
          url: ENDPOINT.url,
          events: ["envelope.sent", "envelope.completed"],
          enabled: true,
          workspaceUuids: null,
        },
      ]),
    );
    const secret = await screen.findByRole("dialog", { name: "The endpoint's signing secret" });
    expect(within(secret).getByRole("textbox", { name: "Signing secret" })).toHaveValue(
      "whsec_shown-once",
    );
    await user.click(within(secret).getByRole("button", { name: "I have copied it" }));
    await waitFor(() => expect(screen.queryByText("whsec_shown-once")).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue("whsec_shown-once")).not.toBeInTheDocument();
  });

  it("says which workspaces each endpoint covers and whose rights bound them", async () => {
    renderApp({
      path: "/settings/webhooks",
      handlers: {
        "/webhook/list": () =>
          ok({
            endpoints: [
              ENDPOINT,
              {
                ...ENDPOINT,
                uuid: "4c5d6e7f-8a9b-4c0d-9e1f-2a3b4c5d6e7f",
                url: "https://hooks.example.com/sales",
                workspaces: [{ uuid: SALES.uuid, name: "Sales" }],
              },
              {
                ...ENDPOINT,
                uuid: "5d6e7f8a-9b0c-4d1e-8f2a-3b4c5d6e7f8a",
                url: "https://hooks.example.com/orphan",
                accountable: null,
              },
            ],
          }),
      },
    });
    const list = await screen.findByRole("list", { name: "Webhook endpoints" });
    const rule = "Events of a workspace are sent only while Ada Lovelace belongs to it.";
    expect(
      within(list).getByText(`Workspaces: every workspace Ada Lovelace belongs to. ${rule}`),
    ).toBeInTheDocument();
    expect(within(list).getByText(`Workspaces: Sales. ${rule}`)).toBeInTheDocument();
    expect(
      within(list).getByText(/The member it answered to has left the team/),
    ).toBeInTheDocument();
  });

  it("creates an endpoint for chosen workspaces, and an edit of its events alone sends neither URL nor workspaces", async () => {
    const chosen = { ...ENDPOINT, workspaces: [{ uuid: SALES.uuid, name: "Sales" }] };
    const { user, server } = renderApp({
      path: "/settings/webhooks",
      handlers: {
        "/webhook/list": () => ok({ endpoints: [chosen] }),
        "/workspace/list": () => ok({ workspaces: [GENERAL, SALES] }),
        "/webhook/create": () => ok({ endpoint: chosen, secret: "whsec_once" }),
        "/webhook/update": () => ok({ endpoint: chosen }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Add an endpoint" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a webhook endpoint" });
    await user.type(within(dialog).getByRole("textbox", { name: /Endpoint URL/ }), ENDPOINT.url);
    await user.click(within(dialog).getByRole("checkbox", { name: "Envelope sent" }));
    await user.click(
      within(dialog).getByRole("checkbox", { name: "Every workspace I belong to, now and later" }),
    );
    await user.click(await within(dialog).findByRole("checkbox", { name: "Sales" }));
    expect(within(dialog).getByRole("checkbox", { name: "General" })).not.toBeChecked();
    await user.click(within(dialog).getByRole("button", { name: "Add the endpoint" }));
    await waitFor(() =>
      expect(server.bodiesOf("/webhook/create")).toEqual([
        {
          url: ENDPOINT.url,
          events: ["envelope.sent"],
          enabled: true,
          workspaceUuids: [SALES.uuid],
        },
      ]),
    );
    const secret = await screen.findByRole("dialog", { name: "The endpoint's signing secret" });
    await user.click(within(secret).getByRole("button", { name: "I have copied it" }));

    await user.click(screen.getByRole("button", { name: `Edit the endpoint ${ENDPOINT.url}` }));
    const edit = await screen.findByRole("dialog", { name: "Edit the webhook endpoint" });
    expect(await within(edit).findByRole("checkbox", { name: "Sales" })).toBeChecked();
    await user.click(within(edit).getByRole("checkbox", { name: "Envelope signed" }));
    await user.click(within(edit).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(server.bodiesOf("/webhook/update")).toEqual([
        {
          uuid: ENDPOINT.uuid,
          events: ["envelope.sent", "envelope.signed", "envelope.completed"],
          enabled: true,
        },
      ]),
    );
  });

  it("shows the api's refusal of a private address under the URL", async () => {
    const { user } = renderApp({
      path: "/settings/webhooks",
      handlers: {
        "/webhook/list": () => ok({ endpoints: [] }),
        "/webhook/create": () =>
          apiError(400, "VALIDATION_ERROR", [
            { path: "url", code: "custom", message: "non_public_address" },
          ]),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Add an endpoint" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a webhook endpoint" });
    await user.type(
      within(dialog).getByRole("textbox", { name: /Endpoint URL/ }),
      "https://intranet.example/hook",
    );
    await user.click(within(dialog).getByRole("checkbox", { name: "Envelope signed" }));
    await user.click(within(dialog).getByRole("button", { name: "Add the endpoint" }));
    expect(
      await within(dialog).findByText(
        "This address leads to a private, loopback or link-local network: use a public address.",
      ),
    ).toBeInTheDocument();
  });

  it("refuses a javascript: or data: URL with the URL's own message and sends nothing", async () => {
    const { user, server } = renderApp({
      path: "/settings/webhooks",
      handlers: { "/webhook/list": () => ok({ endpoints: [] }) },
    });
    await user.click(await screen.findByRole("button", { name: "Add an endpoint" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a webhook endpoint" });
    const url = within(dialog).getByRole("textbox", { name: /Endpoint URL/ });
    await user.click(within(dialog).getByRole("checkbox", { name: "Envelope signed" }));
    for (const refused of ["javascript:window.__pwned=1", "data:text/html,<b>x</b>"]) {
      await user.clear(url);
      await user.type(url, refused);
      await user.click(within(dialog).getByRole("button", { name: "Add the endpoint" }));
      expect(
        await within(dialog).findByText("Enter a full web address, starting with https://."),
      ).toBeInTheDocument();
      expect(url).toHaveAttribute("aria-invalid", "true");
    }
    expect(server.bodiesOf("/webhook/create")).toEqual([]);
  });

  it("shows an endpoint's delivery log and replays a failed delivery", async () => {
    const { user, server } = renderApp({
      path: "/settings/webhooks",
      handlers: {
        "/webhook/list": () => ok({ endpoints: [ENDPOINT] }),
        "/webhook/deliveries": () => ok({ deliveries: [DELIVERY], nextCursor: null }),
        "/webhook/replay": () =>
          ok({
            delivery: {
              ...DELIVERY,
              uuid: "6e8d2f1b-3c4d-4e5f-9a01-23456789abcd",
              status: "pending",
              attempts: 0,
              replayOfUuid: DELIVERY.uuid,
            },
          }),
      },
    });
    const list = await screen.findByRole("list", { name: "Webhook endpoints" });
    expect(within(list).getByText(ENDPOINT.url)).toBeInTheDocument();
    expect(within(list).getByText("Events: Envelope sent, Envelope completed")).toBeInTheDocument();
    const toggle = within(list).getByRole("button", { name: "Show deliveries" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    const log = await screen.findByRole("list", { name: "Deliveries" });
    expect(within(log).getByText("Failed")).toBeInTheDocument();
    expect(within(log).getByText("HTTP 500: receiver failure")).toBeInTheDocument();
    expect(within(log).getByText("6")).toBeInTheDocument();
    expect(within(log).getByRole("link", { name: "Lease of the Rue Verte" })).toHaveAttribute(
      "href",
      `/envelopes/${DELIVERY.envelope.workspaceUuid}/${DELIVERY.envelope.uuid}/view`,
    );
    await user.click(
      within(log).getByRole("button", { name: /Replay the delivery of Envelope sent/ }),
    );
    await waitFor(() =>
      expect(server.bodiesOf("/webhook/replay")).toEqual([{ deliveryUuid: DELIVERY.uuid }]),
    );
  });

  it("names an envelope the member may not open without its title or a link", async () => {
    const { user } = renderApp({
      path: "/settings/webhooks",
      handlers: {
        "/webhook/list": () => ok({ endpoints: [ENDPOINT] }),
        "/webhook/deliveries": () =>
          ok({
            deliveries: [
              {
                ...DELIVERY,
                envelope: { uuid: DELIVERY.envelope.uuid, title: null, workspaceUuid: null },
              },
            ],
            nextCursor: null,
          }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Show deliveries" }));
    const log = await screen.findByRole("list", { name: "Deliveries" });
    expect(within(log).getByText("An envelope you cannot open.")).toBeInTheDocument();
    expect(within(log).queryByRole("link")).toBeNull();
  });

  it("says in the URL hint that development accepts http://localhost", async () => {
    const { user } = renderApp({
      path: "/settings/webhooks",
      handlers: { "/webhook/list": () => ok({ endpoints: [] }) },
    });
    await user.click(await screen.findByRole("button", { name: "Add an endpoint" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a webhook endpoint" });
    expect(
      within(dialog).getByText(
        "A public https:// address of your server (http://localhost is accepted in development).",
      ),
    ).toBeInTheDocument();
  });

  it("rotates the secret after a confirmation and shows the new one once", async () => {
    const { user, server } = renderApp({
      path: "/settings/webhooks",
      handlers: {
        "/webhook/list": () => ok({ endpoints: [ENDPOINT] }),
        "/webhook/rotate-secret": () => ok({ endpoint: ENDPOINT, secret: "whsec_rotated" }),
        "/webhook/delete": () => ok({ deleted: true }),
      },
    });
    await user.click(
      await screen.findByRole("button", { name: `Rotate the secret of ${ENDPOINT.url}` }),
    );
    const confirm = await screen.findByRole("alertdialog", { name: "Rotate the secret?" });
    expect(server.bodiesOf("/webhook/rotate-secret")).toEqual([]);
    await user.click(within(confirm).getByRole("button", { name: "Rotate" }));
    const secret = await screen.findByRole("dialog", { name: "The endpoint's signing secret" });
    expect(within(secret).getByRole("textbox")).toHaveValue("whsec_rotated");
    await user.click(within(secret).getByRole("button", { name: "I have copied it" }));

    await user.click(screen.getByRole("button", { name: `Delete the endpoint ${ENDPOINT.url}` }));
    const remove = await screen.findByRole("alertdialog", { name: "Delete this endpoint?" });
    await user.click(within(remove).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(server.bodiesOf("/webhook/delete")).toEqual([{ uuid: ENDPOINT.uuid }]),
    );
  });

  it("offers to try again when the endpoints cannot be loaded", async () => {
    renderApp({
      path: "/settings/webhooks",
      handlers: { "/webhook/list": () => apiError(500, "INTERNAL_SERVER_ERROR") },
    });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(/The webhooks could not be loaded/)).toBeInTheDocument();
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
