import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { apiError, ok } from "../../../test/api";
import { renderApp } from "../../../test/render-app";

const PENDING = {
  uuid: "0b9f4e52-6f1c-4a53-9f0e-3c2b1a0d9e8f",
  status: "pending",
  requestedAt: "2026-12-07T10:00:00.000Z",
  readyAt: null,
  expiresAt: null,
  truncated: false,
  files: [],
};
const READY = {
  ...PENDING,
  status: "ready",
  readyAt: "2026-12-07T10:01:00.000Z",
  expiresAt: "2026-12-14T10:01:00.000Z",
  files: [
    { index: 0, filename: "lease.pdf", envelopeTitle: "Lease" },
    { index: 1, filename: "lease-signed.pdf", envelopeTitle: "Lease" },
  ],
};

describe("downloading one's data", () => {
  it("asks for an export, says it is being prepared, then offers the JSON file and the PDFs", async () => {
    let current: unknown = null;
    const { user, server } = renderApp({
      path: "/settings/profile",
      handlers: {
        "/user/data-export": () => ok({ export: current }),
        "/user/request-data-export": () => {
          current = PENDING;
          return ok({ export: PENDING });
        },
        "/user/download-data-export": () =>
          ok({ filename: "paraphe-data.json", contentType: "application/json", data: "e30=" }),
      },
    });
    URL.createObjectURL = vi.fn(() => "blob:test");
    URL.revokeObjectURL = vi.fn();
    await user.click(await screen.findByRole("button", { name: "Prepare my data" }));
    expect(
      await screen.findByText("Your data is being prepared. This page updates when it is ready."),
    ).toBeVisible();
    current = READY;
    // Asked again while pending, the export shows once ready.
    expect(
      await screen.findByText(/Your data is ready\. It can be downloaded until/, undefined, {
        timeout: 6000,
      }),
    ).toBeVisible();
    expect(screen.getByText("2 documents")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Download my data (JSON)" }));
    await user.click(screen.getByRole("button", { name: "lease-signed.pdf (Lease)" }));
    await waitFor(() =>
      expect(server.bodiesOf("/user/download-data-export")).toEqual([
        { exportUuid: READY.uuid },
        { exportUuid: READY.uuid, file: 1 },
      ]),
    );
  });

  it("says in French that the limit of exports is reached", async () => {
    const { user } = renderApp({
      path: "/settings/profile",
      language: "fr",
      handlers: {
        "/user/request-data-export": () => apiError(429, "RATE_LIMITED"),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Préparer mes données" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Trop de tentatives");
  });

  it("says when the export cannot be loaded", async () => {
    renderApp({
      path: "/settings/profile",
      handlers: { "/user/data-export": () => apiError(500, "INTERNAL_SERVER_ERROR") },
    });
    expect(await screen.findByText(/Your data export could not be loaded/)).toBeVisible();
  });
});
