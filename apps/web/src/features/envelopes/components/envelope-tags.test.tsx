import { type Tag } from "@paraphe/api-sdk/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  ENVELOPE_UUID,
  WORKSPACE_MAIN,
  envelopeDetail,
  envelopeSummary,
  ok,
} from "../../../test/api";
import { renderApp } from "../../../test/render-app";

const URGENT: Tag = {
  uuid: "9c8d7e6f-6666-4f4f-8f8f-000000000001",
  name: "Urgent",
  color: "#dc2626",
  envelopeCount: 1,
  createdAt: "2026-02-01T09:00:00.000Z",
  updatedAt: "2026-02-02T09:00:00.000Z",
};
const HR: Tag = { ...URGENT, uuid: "9c8d7e6f-6666-4f4f-8f8f-000000000002", name: "HR" };
const chip = (tag: Tag) => ({ uuid: tag.uuid, name: tag.name, color: tag.color });

describe("envelope tags", () => {
  it("filters the list by the tag chosen, and shows each envelope's tags", async () => {
    const { user, server } = renderApp({
      path: "/envelopes",
      handlers: {
        "/tag/list": () => ok({ tags: [URGENT, HR] }),
        "/envelope/list": () =>
          ok({ envelopes: [envelopeSummary({ tags: [chip(URGENT)] })], nextCursor: null }),
      },
    });
    const chips = await screen.findByRole("list", { name: "Tags" });
    expect(within(chips).getByText("Urgent")).toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: "Tag" }), HR.uuid);
    await waitFor(() =>
      expect(server.bodiesOf("/envelope/list").at(-1)).toMatchObject({ tagUuid: HR.uuid }),
    );
  });

  it("opens /envelopes/tag/{name} on that tag's envelopes", async () => {
    const { server } = renderApp({
      path: "/envelopes/tag/urgent",
      handlers: { "/tag/list": () => ok({ tags: [URGENT, HR] }) },
    });
    await waitFor(() =>
      expect(server.bodiesOf("/envelope/list")).toEqual([
        expect.objectContaining({ tagUuid: URGENT.uuid }),
      ]),
    );
    expect(screen.getByRole("combobox", { name: "Tag" })).toHaveValue(URGENT.uuid);
  });

  it("says so when the tag of the address does not exist", async () => {
    renderApp({
      path: "/envelopes/tag/nothing",
      handlers: { "/tag/list": () => ok({ tags: [URGENT] }) },
    });
    expect(await screen.findByText("This tag does not exist.")).toBeInTheDocument();
  });

  it("sets an envelope's tags from its row", async () => {
    const { user, server } = renderApp({
      path: "/envelopes",
      handlers: {
        "/tag/list": () => ok({ tags: [URGENT, HR] }),
        "/envelope/set-tags": () => ok(envelopeDetail({ tags: [chip(HR)] })),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Tags of Service agreement" }));
    const dialog = await screen.findByRole("dialog", { name: "Tags of Service agreement" });
    await user.click(within(dialog).getByRole("checkbox", { name: "HR" }));
    await user.click(within(dialog).getByRole("button", { name: "Save the tags" }));
    await waitFor(() =>
      expect(server.bodiesOf("/envelope/set-tags")).toEqual([
        { envelopeUuid: ENVELOPE_UUID, tagUuids: [HR.uuid] },
      ]),
    );
    expect(await screen.findByText("Tags saved.")).toBeInTheDocument();
  });

  it("sets the draft's tags from the editor's sidebar, in French", async () => {
    const { user, server } = renderApp({
      path: `/envelopes/${WORKSPACE_MAIN.uuid}/${ENVELOPE_UUID}/edit`,
      language: "fr",
      handlers: {
        "/tag/list": () => ok({ tags: [URGENT, HR] }),
        "/envelope/get": () => ok(envelopeDetail({ tags: [chip(URGENT)] })),
        "/envelope/set-tags": () => ok(envelopeDetail({ tags: [chip(URGENT), chip(HR)] })),
      },
    });
    const urgent = await screen.findByRole("checkbox", { name: "Urgent" });
    expect(urgent).toBeChecked();
    await user.click(screen.getByRole("checkbox", { name: "HR" }));
    await user.click(screen.getByRole("button", { name: "Enregistrer les étiquettes" }));
    await waitFor(() =>
      expect(server.bodiesOf("/envelope/set-tags")).toEqual([
        { envelopeUuid: ENVELOPE_UUID, tagUuids: [URGENT.uuid, HR.uuid] },
      ]),
    );
    expect(await screen.findByText("Étiquettes enregistrées.")).toBeInTheDocument();
  });
});
