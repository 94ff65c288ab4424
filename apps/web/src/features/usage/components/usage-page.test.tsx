import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  apiError,
  createUsageHandlers,
  ok,
  usagePoints,
  USAGE_API_CREDIT,
  USAGE_SENT,
} from "../../../test/api";
import { renderApp } from "../../../test/render-app";

/** The files the page saves, read back from the object URLs it makes. */
let saved: { name: string; blob: Blob }[] = [];

/** The text of a saved file (jsdom's Blob has no `text()`). */
function read(file: { blob: Blob } | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!file) {
      reject(new Error("no file saved"));
      return;
    }
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error("unreadable file"));
    reader.readAsText(file.blob);
  });
}

beforeEach(() => {
  saved = [];
  let blob: Blob | null = null;
  // jsdom has no object URLs: the page's Blob is kept instead.
  Object.assign(URL, {
    createObjectURL: (value: Blob) => {
      blob = value;
      return "blob:usage";
    },
    revokeObjectURL: () => undefined,
  });
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (blob) saved.push({ name: this.download, blob });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("usage", () => {
  it("lists the log with date and time, type, details and user, System when nobody", async () => {
    renderApp({ path: "/settings/usage", handlers: createUsageHandlers() });
    await screen.findByText("Ada Lovelace");
    const table = screen.getByRole("table", { name: "Usage log of the team" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    const sent = rows[1];
    const credit = rows[2];
    if (!sent || !credit) throw new Error("rows missing");
    expect(within(sent).getByText("Envelope sent")).toBeInTheDocument();
    expect(within(sent).getByText(/Nov 20, 2026, 9:30:00/)).toBeInTheDocument();
    expect(within(sent).getByText("Envelope 5c0e7a42…")).toHaveAttribute(
      "title",
      `Envelope ${String(USAGE_SENT.details.envelopeId)}`,
    );
    expect(within(sent).getByText("Ada Lovelace")).toBeInTheDocument();
    expect(within(sent).getByText("ada@example.com")).toBeInTheDocument();
    expect(within(credit).getByText("API credit")).toBeInTheDocument();
    expect(within(credit).getByText("System")).toBeInTheDocument();
  });

  it("gives the charts' numbers as a table, and asks for weeks when Week is chosen", async () => {
    const buckets: string[] = [];
    const handlers = createUsageHandlers();
    const { user } = renderApp({
      path: "/settings/usage",
      handlers: {
        ...handlers,
        "/usage/series": (request) => {
          buckets.push((request.body as { bucket: string }).bucket);
          return ok({ bucket: "day", points: usagePoints() });
        },
      },
    });
    const numbers = await screen.findByRole("table", {
      name: "Envelopes sent and API credits consumed, by day",
    });
    expect(within(numbers).getAllByRole("row")).toHaveLength(31);
    expect(
      within(numbers).getByRole("rowheader", { name: "October 28, 2026" }),
    ).toBeInTheDocument();
    // The charts draw the same numbers: 5 days with envelopes sent, 6 with API credits.
    await vi.waitFor(() => {
      expect(document.querySelectorAll("figure path.fill-brand-500")).toHaveLength(5);
      expect(document.querySelectorAll("figure path.fill-accent-500")).toHaveLength(6);
    });
    expect(screen.getByRole("button", { name: "Day" })).toHaveAttribute("aria-pressed", "true");
    await user.click(screen.getByRole("button", { name: "Week" }));
    expect(screen.getByRole("button", { name: "Week" })).toHaveAttribute("aria-pressed", "true");
    expect(buckets).toEqual(["day", "week"]);
  });

  it("says what creates usage while there is none", async () => {
    renderApp({
      path: "/settings/usage",
      handlers: createUsageHandlers({ events: [], points: usagePoints(false) }),
    });
    expect(await screen.findByText("No usage yet")).toBeInTheDocument();
    expect(screen.getByText("No usage in this period")).toBeInTheDocument();
    expect(screen.getAllByText(/Usage is recorded when an envelope is sent/)).toHaveLength(2);
  });

  it("filters the log by type and dates, the end date included", async () => {
    const requests: unknown[] = [];
    const { user } = renderApp({
      path: "/settings/usage",
      handlers: {
        ...createUsageHandlers(),
        "/usage/list": (request) => {
          requests.push(request.body);
          return ok({ events: [], nextCursor: null });
        },
      },
    });
    await screen.findByText("No usage yet");
    await user.selectOptions(screen.getByLabelText("Event type"), "API credit");
    await user.type(screen.getByLabelText("From"), "2026-11-01");
    await user.type(screen.getByLabelText("To"), "2026-11-15");
    expect(await screen.findByText("No event matches these filters")).toBeInTheDocument();
    expect(requests.at(-1)).toEqual({
      types: ["api_credit"],
      from: "2026-11-01T00:00:00.000Z",
      to: "2026-11-16T00:00:00.000Z",
      limit: 100,
    });
  });

  it("labels the date filters and writes the chosen days in the page's language", async () => {
    const { user } = renderApp({
      path: "/settings/usage",
      language: "fr",
      handlers: createUsageHandlers({ events: [], points: usagePoints(false) }),
    });
    const from = await screen.findByLabelText("Du");
    expect(from).toHaveAttribute("lang", "fr");
    expect(screen.getByLabelText("Au")).toHaveAttribute("lang", "fr");
    await user.type(from, "2026-03-03");
    expect(await screen.findByText("3 mars 2026")).toBeInTheDocument();
    expect(from).toHaveAccessibleDescription("3 mars 2026");
  });

  it("exports the whole filtered log as CSV with formula cells neutralised, and as JSON", async () => {
    const exports: unknown[] = [];
    const { user } = renderApp({
      path: "/settings/usage",
      handlers: {
        ...createUsageHandlers(),
        "/usage/export": (request) => {
          exports.push(request.body);
          return ok({ events: [USAGE_SENT, USAGE_API_CREDIT], truncated: false });
        },
      },
    });
    await screen.findByText("API credit", { selector: "span" });
    await user.click(screen.getByRole("button", { name: "Export" }));
    await user.click(screen.getByRole("menuitem", { name: "Export as CSV" }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    const csv = await read(saved[0]);
    expect(saved[0]?.name).toMatch(/^usage-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("Date and time,Event type,Details,User id,User name,User email");
    expect(lines[1]).toBe(
      `2026-11-20T09:30:00.000Z,Envelope sent,Envelope ${String(USAGE_SENT.details.envelopeId)},${USAGE_SENT.user?.id ?? ""},Ada Lovelace,ada@example.com`,
    );
    expect(lines[2]).toBe(
      `2026-11-19T14:00:00.000Z,API credit,"API call =HYPERLINK(""http://x"")",,,`,
    );

    await user.click(screen.getByRole("button", { name: "Export" }));
    await user.click(screen.getByRole("menuitem", { name: "Export as JSON" }));
    await vi.waitFor(() => expect(saved).toHaveLength(2));
    const json = JSON.parse(await read(saved[1])) as unknown[];
    expect(json).toEqual([
      {
        at: USAGE_SENT.at,
        type: "envelope_sent",
        details: `Envelope ${String(USAGE_SENT.details.envelopeId)}`,
        userId: USAGE_SENT.user?.id,
        userName: "Ada Lovelace",
        userEmail: "ada@example.com",
      },
      {
        at: USAGE_API_CREDIT.at,
        type: "api_credit",
        details: 'API call =HYPERLINK("http://x")',
        userId: null,
        userName: null,
        userEmail: null,
      },
    ]);
    expect(exports).toEqual([{}, {}]);
  });

  it("neutralises a details cell that starts like a formula", async () => {
    const formula = { ...USAGE_API_CREDIT, type: "seat_added" as const, details: { note: "x" } };
    const { user } = renderApp({
      path: "/settings/usage",
      handlers: {
        ...createUsageHandlers({ events: [formula] }),
        "/usage/export": () =>
          ok({
            events: [
              { ...formula, user: { id: formula.id, name: "=cmd|' /C calc'!A0", email: "e@x.io" } },
            ],
            truncated: true,
          }),
      },
    });
    await screen.findByText("Seat added", { selector: "span" });
    await user.click(screen.getByRole("button", { name: "Export" }));
    await user.click(screen.getByRole("menuitem", { name: "Export as CSV" }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    const lines = (await read(saved[0])).split("\r\n");
    expect(lines[1]).toContain(",'=cmd|' /C calc'!A0,");
    expect(
      await screen.findByText(/The export holds the 10,000 newest events of the range/),
    ).toBeInTheDocument();
  });

  it("says when the charts or the log cannot be loaded, with a way to try again", async () => {
    const { user, server } = renderApp({
      path: "/settings/usage",
      handlers: {
        ...createUsageHandlers(),
        "/usage/series": () => apiError(500, "INTERNAL_SERVER_ERROR"),
        "/usage/list": () => apiError(500, "INTERNAL_SERVER_ERROR"),
      },
    });
    expect(await screen.findByText("The usage charts could not be loaded.")).toBeInTheDocument();
    expect(await screen.findByText("The usage log could not be loaded.")).toBeInTheDocument();
    server.use(createUsageHandlers());
    const retries = screen.getAllByRole("button", { name: "Try again" });
    for (const retry of retries) await user.click(retry);
    expect(
      await screen.findByRole("table", { name: "Envelopes sent and API credits consumed, by day" }),
    ).toBeInTheDocument();
    expect(await screen.findByText("Ada Lovelace")).toBeInTheDocument();
  });
});
