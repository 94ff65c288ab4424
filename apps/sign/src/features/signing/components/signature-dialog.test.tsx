import { TYPED_NAME_MAX_LENGTH } from "@paraphe/api-sdk/contract";
import { createBrowserI18n } from "@paraphe/i18n";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { App } from "../../../app/app";
import {
  apiError,
  createTestApi,
  json,
  DOCUMENT_UUID,
  ENVELOPE_UUID,
  openedEnvelope,
  PIXEL_PNG,
  SECRET,
  TOKEN,
  type SigningHandlers,
} from "../../../test/api-handlers";
import { installFakeCanvas } from "../../../test/canvas";
import { installFakeIntersectionObserver } from "../../../test/intersection-observer";

/** Opens a link whose pages were all viewed already, so that Sign is available at once. */
async function openReadyToSign(handlers: SigningHandlers = {}) {
  window.history.replaceState(null, "", `/sign/${ENVELOPE_UUID}#token=${TOKEN}&secret=${SECRET}`);
  const { api, calls } = createTestApi({
    open: () => openedEnvelope({ viewedPages: { [DOCUMENT_UUID]: [0, 1] } }),
    ...handlers,
  });
  render(<App i18n={createBrowserI18n()} api={api} />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "Sign" }));
  const dialog = await screen.findByRole("dialog", { name: "Your signature" });
  return { user, calls, dialog };
}

beforeEach(() => {
  installFakeIntersectionObserver();
  installFakeCanvas();
  document.cookie = "i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
});

describe("signing", () => {
  it("signs with a typed signature once the swipe is confirmed from the keyboard, then confirms", async () => {
    const { user, calls, dialog } = await openReadyToSign({
      sign: () => ({ recipientStatus: "signed", envelopeStatus: "complete" }),
    });
    const swipe = within(dialog).getByRole("slider", { name: "Swipe to sign" });
    expect(swipe).toHaveAttribute("aria-disabled", "true");

    await user.click(within(dialog).getByRole("tab", { name: "Type" }));
    expect(within(dialog).getByRole("textbox", { name: "Full name" })).toHaveValue("Ada Lovelace");
    await user.click(within(dialog).getByRole("radio", { name: "Style 2" }));
    expect(swipe).not.toHaveAttribute("aria-disabled");

    swipe.focus();
    await user.keyboard("{Enter}");
    expect(
      await screen.findByRole("heading", { name: "Thank you, your signature is recorded" }),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.path === "/envelope/sign")?.body).toMatchObject({
      envelopeUuid: ENVELOPE_UUID,
      token: TOKEN,
      secretKey: SECRET,
      signature: { kind: "typed", image: PIXEL_PNG, typedName: "Ada Lovelace", font: "caveat" },
    });
    expect(window.location.pathname).toBe("/confirmation");
    expect(screen.getByRole("button", { name: "Download the signed PDF" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create an account" })).toHaveAttribute(
      "href",
      "http://localhost:5173/login#email=ada%40example.com",
    );
  });

  it("forgets the link's secret in the tab once signed, while the confirmation still downloads with it", async () => {
    sessionStorage.clear();
    const { user, calls, dialog } = await openReadyToSign({
      sign: () => ({ recipientStatus: "signed", envelopeStatus: "complete" }),
    });
    // While signing is under way, the tab keeps the link for a reload.
    expect(JSON.stringify({ ...sessionStorage })).toContain(SECRET);
    await user.click(within(dialog).getByRole("tab", { name: "Type" }));
    const swipe = within(dialog).getByRole("slider", { name: "Swipe to sign" });
    swipe.focus();
    await user.keyboard("{Enter}");
    await screen.findByRole("heading", { name: "Thank you, your signature is recorded" });
    await waitFor(() => expect(JSON.stringify({ ...sessionStorage })).not.toContain(SECRET));
    expect(window.location.hash).toBe("");
    await user.click(screen.getByRole("button", { name: "Download the signed PDF" }));
    await waitFor(() =>
      expect(
        calls.filter((call) => call.path !== "/envelope/sign" && call.path !== "/envelope/open"),
      ).toContainEqual(
        expect.objectContaining({
          body: expect.objectContaining({ secretKey: SECRET }) as unknown,
        }),
      ),
    );
  });

  it("keeps the signature and shows 'error signing' when the call fails, so that it can be retried", async () => {
    let attempts = 0;
    const { user, calls, dialog } = await openReadyToSign({
      sign: () =>
        ++attempts === 1
          ? apiError(500, "INTERNAL_SERVER_ERROR", "/envelope/sign")
          : { recipientStatus: "signed", envelopeStatus: "signing" },
    });
    await user.click(within(dialog).getByRole("tab", { name: "Type" }));
    const name = within(dialog).getByRole("textbox", { name: "Full name" });
    await user.clear(name);
    await user.type(name, "Ada K. Lovelace");
    const swipe = within(dialog).getByRole("slider", { name: "Swipe to sign" });
    swipe.focus();
    await user.keyboard("{Enter}");

    expect(await screen.findByText(/Error signing the document/)).toBeInTheDocument();
    await waitFor(() => expect(swipe).toHaveAttribute("aria-valuenow", "0"));
    expect(screen.getByRole("dialog", { name: "Your signature" })).toBeInTheDocument();
    expect(name).toHaveValue("Ada K. Lovelace");

    swipe.focus();
    await user.keyboard("{Enter}");
    expect(
      await screen.findByRole("heading", { name: "Thank you, your signature is recorded" }),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/envelope/sign")).toHaveLength(2);
    expect(screen.queryByRole("button", { name: "Download the signed PDF" })).toBeNull();
  });

  it("says the signature picture is too large when the api refuses its size", async () => {
    const { user, dialog } = await openReadyToSign({
      sign: () =>
        json(400, {
          statusCode: 400,
          error: {
            code: "VALIDATION_ERROR",
            message: "The signature must be a PNG image under 1 MB, at most 2000 × 800 pixels.",
            suggestion: "",
            documentationUrl: "",
            fields: [{ path: "signature.image", code: "custom", message: "image_too_large" }],
          },
          requestId: "req-2",
          timestamp: "2026-11-22T10:00:00.000Z",
          path: "/envelope/sign",
        }),
    });
    await user.click(within(dialog).getByRole("tab", { name: "Type" }));
    const name = within(dialog).getByRole("textbox", { name: "Full name" });
    expect(name).toHaveAttribute("maxLength", String(TYPED_NAME_MAX_LENGTH));
    await user.type(name, "Ada Lovelace");
    within(dialog).getByRole("slider", { name: "Swipe to sign" }).focus();
    await user.keyboard("{Enter}");

    expect(
      await screen.findByText(/Your signature picture is too large \(at most 2000 × 800 pixels/),
    ).toBeInTheDocument();
  });
});
