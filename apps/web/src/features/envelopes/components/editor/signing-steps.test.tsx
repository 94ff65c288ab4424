import { type EnvelopeDetail, type Recipient } from "@paraphe/api-sdk/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ENVELOPE_UUID, WORKSPACE_MAIN, envelopeDetail, ok } from "../../../../test/api";
import {
  ROLE_EMPLOYEE,
  ROLE_MANAGER,
  TEMPLATE_UUID,
  templateDetail,
} from "../../../../test/api/template";
import { renderApp } from "../../../../test/render-app";

const EDIT_PATH = `/envelopes/${WORKSPACE_MAIN.uuid}/${ENVELOPE_UUID}/edit`;
const VIEW_PATH = `/envelopes/${WORKSPACE_MAIN.uuid}/${ENVELOPE_UUID}/view`;

function person(
  index: number,
  firstname: string,
  kind: Recipient["kind"],
  step: number,
): Recipient {
  return {
    uuid: `8f3b4c5d-4444-4d4d-bd4d-${String(index + 500).padStart(12, "0")}`,
    email: `${firstname.toLowerCase()}@example.com`,
    firstname,
    lastname: "Test",
    phone: null,
    order: index + 1,
    step,
    kind,
    status: "pending",
    invitedAt: null,
    signedAt: null,
    approvedAt: null,
    declinedAt: null,
    declineReason: null,
  };
}

const ANN = person(0, "Ann", "approver", 1);
const BOB = person(1, "Bob", "signer", 1);
const CYD = person(2, "Cyd", "signer", 1);

/**
 * An envelope kept across calls, as the server keeps it: the order's preset sets the steps, custom
 * order keeps the steps saved (the people here keep their uuid, email and kind).
 */
function steppedEnvelope(recipients: Recipient[]) {
  let current = envelopeDetail({ recipients });
  return {
    "/envelope/get": () => ok(current),
    "/envelope/update": ({ body }: { body: unknown }) => {
      const { options } = body as { options?: Partial<EnvelopeDetail["options"]> };
      current = { ...current, options: { ...current.options, ...options } };
      return ok(current);
    },
    "/envelope/save-recipients": ({ body }: { body: unknown }) => {
      const saved = (body as { recipients: { email: string; step?: number }[] }).recipients;
      current = {
        ...current,
        recipients: saved.map((input, index) => {
          const known = current.recipients.find((r) => r.email === input.email);
          if (!known) throw new Error(`unknown ${input.email}`);
          return { ...known, order: index + 1, step: input.step ?? known.step };
        }),
      };
      return ok(current);
    },
  };
}

const stepSection = (number: number) => screen.findByRole("region", { name: `Step ${number}` });

describe("signing steps in the editor", () => {
  it("offers both presets and custom steps; custom steps group the people and save a picked step", async () => {
    const { user, server } = renderApp({
      path: EDIT_PATH,
      handlers: steppedEnvelope([ANN, BOB, CYD]),
    });
    const order = await screen.findByRole("radiogroup", { name: "Signing order" });
    expect(
      within(order)
        .getAllByRole("radio")
        .map((radio) => radio.getAttribute("value")),
    ).toEqual(["parallel", "sequential", "custom"]);
    // Parallel: one flat list, no step pickers.
    expect(screen.getByRole("list", { name: "Recipients" })).toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: /Step of/ })).toBeNull();

    await user.click(within(order).getByRole("radio", { name: /In steps/ }));
    // Saved at once, so that the steps saved next are kept.
    await waitFor(() =>
      expect(server.bodiesOf("/envelope/update")).toContainEqual(
        expect.objectContaining({ options: expect.objectContaining({ signingOrder: "custom" }) }),
      ),
    );
    const first = await stepSection(1);
    expect(within(first).getByText("3 recipients")).toBeInTheDocument();
    // Any step there is, or a new one after the last.
    const picker = within(first).getByRole("combobox", { name: "Step of Cyd Test" });
    expect(
      within(picker)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Step 1", "New step 2"]);

    await user.selectOptions(picker, "2");
    await waitFor(() =>
      expect(server.bodiesOf("/envelope/save-recipients").at(-1)).toMatchObject({
        recipients: [
          { email: "ann@example.com", kind: "approver", step: 1 },
          { email: "bob@example.com", step: 1 },
          { email: "cyd@example.com", step: 2 },
        ],
      }),
    );
    const second = await stepSection(2);
    expect(within(second).getByText("Cyd Test")).toBeInTheDocument();
    expect(within(second).getByText("1 recipient")).toBeInTheDocument();
    expect(within(await stepSection(1)).queryByText("Cyd Test")).toBeNull();
  });

  it("lists a copy apart from the steps in custom order, with no step to pick nor to drag", async () => {
    const dee = person(3, "Dee", "cc", 1);
    renderApp({ path: EDIT_PATH, handlers: steppedEnvelope([BOB, CYD, dee]) });
    const order = await screen.findByRole("radiogroup", { name: "Signing order" });
    fireEvent.click(within(order).getByRole("radio", { name: /In steps/ }));
    const first = await stepSection(1);
    expect(within(first).getByText("2 recipients")).toBeInTheDocument();
    expect(within(first).queryByText("Dee Test")).toBeNull();
    const copies = screen.getByRole("region", { name: "In copy" });
    const copy = within(copies).getByText("Dee Test").closest("li");
    expect(copy).toHaveAttribute("draggable", "false");
    expect(within(copies).queryByRole("combobox")).toBeNull();
    // A copy's step is none of the choices the others have: one step, or a new second.
    expect(
      within(within(first).getByRole("combobox", { name: "Step of Cyd Test" }))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Step 1", "New step 2"]);
  });

  it("saves a step picked at once after choosing custom steps only once the custom order has reached the server", async () => {
    const envelope = steppedEnvelope([ANN, BOB, CYD]);
    let answerUpdate = () => {};
    const updateAnswered = new Promise<void>((resolve) => {
      answerUpdate = resolve;
    });
    const { user, server } = renderApp({
      path: EDIT_PATH,
      handlers: {
        ...envelope,
        "/envelope/update": async (request) => {
          await updateAnswered;
          return envelope["/envelope/update"](request);
        },
      },
    });
    const order = await screen.findByRole("radiogroup", { name: "Signing order" });
    await user.click(within(order).getByRole("radio", { name: /In steps/ }));
    const picker = within(await stepSection(1)).getByRole("combobox", { name: "Step of Cyd Test" });
    await user.selectOptions(picker, "2");
    await waitFor(() => expect(server.bodiesOf("/envelope/update")).toHaveLength(1));
    // The server would put Cyd back in the parallel order's one step: the step waits.
    expect(server.bodiesOf("/envelope/save-recipients")).toHaveLength(0);
    answerUpdate();
    await waitFor(() =>
      expect(server.bodiesOf("/envelope/save-recipients").at(-1)).toMatchObject({
        recipients: [{ step: 1 }, { step: 1 }, { email: "cyd@example.com", step: 2 }],
      }),
    );
    expect(within(await stepSection(2)).getByText("Cyd Test")).toBeInTheDocument();
  });

  it("keeps both steps picked one after the other while the first is still being saved", async () => {
    const dee = person(3, "Dee", "signer", 1);
    const envelope = steppedEnvelope([ANN, BOB, CYD, dee]);
    const held: (() => void)[] = [];
    const { user, server } = renderApp({
      path: EDIT_PATH,
      handlers: {
        ...envelope,
        // Every save is answered only when the test says so.
        "/envelope/save-recipients": async (request) => {
          await new Promise<void>((resolve) => held.push(resolve));
          return envelope["/envelope/save-recipients"](request);
        },
      },
    });
    const order = await screen.findByRole("radiogroup", { name: "Signing order" });
    await user.click(within(order).getByRole("radio", { name: /In steps/ }));
    const first = await stepSection(1);
    await user.selectOptions(
      within(first).getByRole("combobox", { name: "Step of Cyd Test" }),
      "2",
    );
    await waitFor(() => expect(held).toHaveLength(1));
    // Dee is put in step 2 too before Cyd's save is answered (the list still shows Cyd in step 1).
    await user.selectOptions(
      within(first).getByRole("combobox", { name: "Step of Dee Test" }),
      "2",
    );
    held.shift()?.();
    await waitFor(() => expect(held).toHaveLength(1));
    held.shift()?.();
    await waitFor(() =>
      expect(server.bodiesOf("/envelope/save-recipients").at(-1)).toMatchObject({
        recipients: [
          { email: "ann@example.com", step: 1 },
          { email: "bob@example.com", step: 1 },
          { email: "cyd@example.com", step: 2 },
          { email: "dee@example.com", step: 2 },
        ],
      }),
    );
    const second = await stepSection(2);
    await waitFor(() => expect(within(second).getByText("2 recipients")).toBeInTheDocument());
    expect(within(second).getByText("Cyd Test")).toBeInTheDocument();
    expect(within(second).getByText("Dee Test")).toBeInTheDocument();
  });

  it("moves a person to another step by dragging them there", async () => {
    const { server } = renderApp({
      path: EDIT_PATH,
      handlers: {
        "/envelope/get": () =>
          ok(
            envelopeDetail({
              recipients: [ANN, { ...BOB, step: 2 }, { ...CYD, step: 2 }],
              options: { ...envelopeDetail().options, signingOrder: "custom" },
            }),
          ),
      },
    });
    const bob = within(await stepSection(2))
      .getByText("Bob Test")
      .closest("li");
    if (!bob) throw new Error("no list item");
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? "",
      get types() {
        return [...data.keys()];
      },
      effectAllowed: "all",
      dropEffect: "none",
    };
    fireEvent.dragStart(bob, { dataTransfer });
    const first = await stepSection(1);
    fireEvent.dragOver(first, { dataTransfer });
    fireEvent.drop(first, { dataTransfer });
    await waitFor(() =>
      expect(server.bodiesOf("/envelope/save-recipients").at(-1)).toMatchObject({
        recipients: [
          { email: "ann@example.com", step: 1 },
          { email: "bob@example.com", step: 1 },
          { email: "cyd@example.com", step: 2 },
        ],
      }),
    );
  });

  it("gives a new recipient a step of their own after the last", async () => {
    const { user, server } = renderApp({
      path: EDIT_PATH,
      handlers: {
        "/envelope/get": () =>
          ok(
            envelopeDetail({
              recipients: [ANN, { ...BOB, step: 2 }],
              options: { ...envelopeDetail().options, signingOrder: "custom" },
            }),
          ),
      },
    });
    await stepSection(2);
    await user.click(screen.getByRole("button", { name: "Add" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a recipient" });
    await user.type(
      within(dialog).getByRole("combobox", { name: /Email address/ }),
      "dee@example.com",
    );
    await user.type(within(dialog).getByRole("textbox", { name: /First name/ }), "Dee");
    await user.type(within(dialog).getByRole("textbox", { name: /Last name/ }), "Test");
    await user.click(within(dialog).getByRole("button", { name: "Add the recipient" }));
    await waitFor(() =>
      expect(server.bodiesOf("/envelope/save-recipients").at(-1)).toMatchObject({
        recipients: [
          { email: "ann@example.com", step: 1 },
          { email: "bob@example.com", step: 2 },
          { email: "dee@example.com", step: 3 },
        ],
      }),
    );
  });
});

describe("signing steps in the envelope view", () => {
  it("shows the recipients step by step when there are several steps, and the steps' activity", async () => {
    renderApp({
      path: VIEW_PATH,
      handlers: {
        "/envelope/get": () =>
          ok(
            envelopeDetail({
              status: "approving",
              sentAt: new Date(0).toISOString(),
              recipients: [ANN, { ...BOB, step: 2 }, { ...CYD, step: 2 }],
              options: { ...envelopeDetail().options, signingOrder: "custom" },
            }),
          ),
        "/envelope/activity": () =>
          ok({
            events: [
              {
                type: "stepStarted",
                at: "2026-03-01T09:00:00.000Z",
                actor: null,
                recipients: [{ name: "Ann Test", email: ANN.email }],
                reason: null,
                ipAddress: null,
                userAgent: null,
                step: { number: 1, of: 2 },
              },
            ],
            chainValid: true,
          }),
      },
    });
    // The activity says which step started, and whom it invited.
    expect(await screen.findByText("Signing step started")).toBeInTheDocument();
    expect(screen.getByText("Step 1 of 2")).toBeInTheDocument();
    const second = await stepSection(2);
    expect(within(second).getByText("Bob Test")).toBeInTheDocument();
    expect(within(second).getByText("Cyd Test")).toBeInTheDocument();
    expect(within(await stepSection(1)).getByText("Ann Test")).toBeInTheDocument();
  });
});

describe("signing steps in the template editor", () => {
  it("puts a role in a step of its own in custom order", async () => {
    const custom = templateDetail({
      status: "incomplete",
      options: { ...templateDetail().options, signingOrder: "custom" },
    });
    const { user, server } = renderApp({
      path: `/templates/${WORKSPACE_MAIN.uuid}/${TEMPLATE_UUID}/edit`,
      handlers: {
        "/template/get": () => ok(custom),
        "/template/save-recipients": () => ok(custom),
      },
    });
    const first = await stepSection(1);
    await user.selectOptions(within(first).getByRole("combobox", { name: "Step of Manager" }), "2");
    await waitFor(() =>
      expect(server.bodiesOf("/template/save-recipients")).toEqual([
        {
          templateUuid: TEMPLATE_UUID,
          roles: [
            { uuid: ROLE_EMPLOYEE, label: "Employee", kind: "signer", step: 1 },
            { uuid: ROLE_MANAGER, label: "Manager", kind: "signer", step: 2 },
          ],
        },
      ]),
    );
  });
});
