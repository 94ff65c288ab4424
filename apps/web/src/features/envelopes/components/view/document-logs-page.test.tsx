import { type ActivityEvent } from "@paraphe/api-sdk/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ENVELOPE_UUID, WORKSPACE_MAIN, envelopeDetail, ok } from "../../../../test/api";
import { renderApp } from "../../../../test/render-app";

const VIEW_PATH = `/envelopes/${WORKSPACE_MAIN.uuid}/${ENVELOPE_UUID}/view`;
const LOGS_PATH = `/envelopes/${WORKSPACE_MAIN.uuid}/${ENVELOPE_UUID}/logs`;
const OWNER = { name: "Léa Martin", email: "lea.martin@example.com" };
const JANE = { name: "Jane Doe", email: "jane.doe@example.com" };

function event(type: ActivityEvent["type"], minute: number, more: Partial<ActivityEvent> = {}) {
  return {
    type,
    at: `2026-03-03T09:${String(minute).padStart(2, "0")}:00.000Z`,
    actor: OWNER,
    recipients: [],
    reason: null,
    ipAddress: "203.0.113.7",
    userAgent: "Firefox",
    ...more,
  } satisfies ActivityEvent;
}

/** 30 events: created, sent, 27 openings by Jane, then her decline with a reason. */
const EVENTS: ActivityEvent[] = [
  event("envelopeCreated", 0),
  event("envelopeSent", 1, { recipients: [JANE] }),
  ...Array.from({ length: 27 }, (_, index) =>
    event("envelopeOpened", index + 2, { actor: JANE, ipAddress: "198.51.100.9" }),
  ),
  event("envelopeDeclined", 40, {
    actor: JANE,
    reason: "Not the agreed price.",
    ipAddress: "198.51.100.9",
  }),
];

function handlers(chainValid = true) {
  return {
    "/envelope/get": () =>
      ok(envelopeDetail({ status: "declined", sentAt: "2026-03-03T09:01:00.000Z" })),
    "/envelope/activity": () => ok({ events: EVENTS, chainValid }),
  };
}

describe("document logs", () => {
  it("are reached from the envelope view, which shows the latest events", async () => {
    const { user } = renderApp({ path: VIEW_PATH, handlers: handlers() });
    const activity = await screen.findByRole("region", { name: "Activity log" });
    expect(await within(activity).findAllByRole("listitem")).toHaveLength(5);
    expect(within(activity).getByText("The latest 5 events of 30.")).toBeInTheDocument();
    await user.click(within(activity).getByRole("link", { name: "Document logs (30 events)" }));
    expect(
      await screen.findByRole("table", { name: "Events of the document" }),
    ).toBeInTheDocument();
  });

  it("list every event in pages, in the order recorded, and filter them by event", async () => {
    const { user } = renderApp({ path: LOGS_PATH, handlers: handlers() });
    const table = await screen.findByRole("table", { name: "Events of the document" });
    await within(table).findByText("Document created");
    const rows = within(table).getAllByRole("row");
    // The header and the first page of 25.
    expect(rows).toHaveLength(26);
    expect(within(rows[1]!).getByText("Document created")).toBeInTheDocument();
    expect(within(rows[2]!).getByText("Recipients: Jane Doe")).toBeInTheDocument();
    expect(screen.getByText("Page 1 of 2")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /Next page/ }));
    const last = within(table).getAllByRole("row").at(-1)!;
    expect(within(last).getByText("Signature declined")).toBeInTheDocument();
    expect(within(last).getByText("Reason: Not the agreed price.")).toBeInTheDocument();
    expect(within(last).getByText("Jane Doe (jane.doe@example.com)")).toBeInTheDocument();
    expect(within(last).getByText("198.51.100.9")).toBeInTheDocument();

    await user.selectOptions(screen.getByRole("combobox", { name: "Event" }), "Signature declined");
    expect(within(table).getAllByRole("row")).toHaveLength(2);
    await user.selectOptions(screen.getByRole("combobox", { name: "Event" }), "All events");
    expect(within(table).getAllByRole("row")).toHaveLength(26);
  });

  it("warn when the chain is broken, in French", async () => {
    renderApp({ path: LOGS_PATH, language: "fr", handlers: handlers(false) });
    expect(await screen.findByRole("heading", { name: "Journal du document" })).toBeInTheDocument();
    expect(await screen.findByText("Échec du contrôle d’intégrité du journal")).toBeInTheDocument();
    expect(
      await screen.findByRole("table", { name: "Événements du document" }),
    ).toBeInTheDocument();
  });
});
