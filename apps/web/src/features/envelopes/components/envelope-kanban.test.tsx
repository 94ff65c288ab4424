import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { envelopeSummary, ok } from "../../../test/api";
import { renderApp } from "../../../test/render-app";
import { ENVELOPE_VIEW_STORAGE_KEY } from "./envelopes-page";

const URGENT = { uuid: "9c8d7e6f-6666-4f4f-8f8f-000000000001", name: "Urgent", color: "#dc2626" };
const HR = { uuid: "9c8d7e6f-6666-4f4f-8f8f-000000000002", name: "HR", color: "#2563eb" };

describe("envelopes kanban", () => {
  it("shows each card's tags as chips, like the table rows", async () => {
    localStorage.setItem(ENVELOPE_VIEW_STORAGE_KEY, "kanban");
    renderApp({
      path: "/envelopes",
      handlers: {
        "/envelope/list": () =>
          ok({ envelopes: [envelopeSummary({ tags: [URGENT, HR] })], nextCursor: null }),
      },
    });
    const drafts = await screen.findByRole("region", { name: "Drafts" });
    const chips = within(drafts).getByRole("list", { name: "Tags" });
    expect(
      within(chips)
        .getAllByRole("listitem")
        .map((chip) => chip.textContent),
    ).toEqual(["Urgent", "HR"]);
  });

  it("shows no chips on a card without tags", async () => {
    localStorage.setItem(ENVELOPE_VIEW_STORAGE_KEY, "kanban");
    renderApp({
      path: "/envelopes",
      handlers: {
        "/envelope/list": () =>
          ok({ envelopes: [envelopeSummary({ tags: [] })], nextCursor: null }),
      },
    });
    const drafts = await screen.findByRole("region", { name: "Drafts" });
    expect(within(drafts).queryByRole("list", { name: "Tags" })).not.toBeInTheDocument();
  });
});
