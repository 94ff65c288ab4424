import { createBrowserI18n } from "@paraphe/i18n";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { App } from "../../../app/app";
import {
  apiError,
  createTestApi,
  ENVELOPE_UUID,
  fieldError,
  SECRET,
  TOKEN,
  type SigningHandlers,
} from "../../../test/api-handlers";
import { matchRoute } from "../../../app/router";
import { installFakeCanvas } from "../../../test/canvas";
import { installFakeIntersectionObserver } from "../../../test/intersection-observer";

const LINK_TOKEN = "AbCdEfGhIjKlMnOpQrStUvWxYz012345";

function openAt(handlers: SigningHandlers = {}, language = "en") {
  window.history.replaceState(null, "", `/d/${LINK_TOKEN}?lng=${language}`);
  const { api, calls } = createTestApi(handlers);
  render(<App i18n={createBrowserI18n()} api={api} />);
  return { calls, user: userEvent.setup() };
}

beforeEach(() => {
  installFakeIntersectionObserver();
  installFakeCanvas();
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  document.cookie = "i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  window.history.replaceState(null, "", "/");
});

describe("a template's direct link", () => {
  it("routes /d/<token> to its page, and nothing else that looks like it", () => {
    expect(matchRoute(`/d/${LINK_TOKEN}`)).toEqual({ name: "direct", token: LINK_TOKEN });
    expect(matchRoute("/d/short").name).toBe("notFound");
  });

  it("shows the template and team, sends a code, and goes on to the signing page with the link", async () => {
    const { calls, user } = openAt();
    expect(
      await screen.findByRole("heading", { name: "Acme invites you to sign a document" }),
    ).toBeVisible();
    expect(screen.getByText("Document: Membership form")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Send me a code" }));
    expect(screen.getAllByText("Fill in this field.")).toHaveLength(2);
    await user.type(screen.getByLabelText(/First name/), "Vera");
    await user.type(screen.getByLabelText(/Last name/), "Visitor");
    await user.type(screen.getByLabelText(/Email address/), "Vera@Example.com");
    await user.click(screen.getByRole("button", { name: "Send me a code" }));
    expect(await screen.findByText(/A code was sent to vera@example.com/)).toBeVisible();
    expect(calls.find((call) => call.path === "/direct-link/send-code")?.body).toMatchObject({
      token: LINK_TOKEN,
      firstname: "Vera",
      lastname: "Visitor",
      email: "vera@example.com",
    });
    await user.type(screen.getByLabelText(/Code from the email/), "123456");
    await user.click(screen.getByRole("button", { name: "Confirm and open the document" }));
    // The signing page opens the visitor's envelope with the answered link, out of the address.
    await vi.waitFor(() =>
      expect(calls.find((call) => call.path === "/envelope/open")?.body).toEqual({
        envelopeUuid: ENVELOPE_UUID,
        token: TOKEN,
        secretKey: SECRET,
        // The previews at the screen's width (jsdom's window is 1024 px wide, at 1x).
        previewWidth: 1000,
      }),
    );
    expect(window.location.pathname).toBe(`/sign/${ENVELOPE_UUID}`);
    expect(window.location.hash).toBe("");
  });

  it("shows the team's branding, as the signing page does", async () => {
    openAt({
      directOpen: () => ({
        templateTitle: "Membership form",
        teamName: "Acme",
        branding: {
          name: "Acme & Co",
          color: "#1e3a8a",
          readableColor: "#1e3a8a",
          footer: "Acme SAS",
          websiteUrl: null,
          privacyUrl: null,
          showPoweredBy: false,
          logoUrl: null,
        },
      }),
    });
    expect(await screen.findByTestId("team-brand")).toHaveTextContent("Acme & Co");
    expect(screen.getByText("Acme SAS")).toBeVisible();
    const root = screen.getByTestId("team-brand").closest("[style]") as HTMLElement;
    expect(root.style.getPropertyValue("--color-brand-500")).toBe("#1e3a8a");
  });

  it("says why a code is refused", async () => {
    const { user } = openAt({
      directConfirm: () =>
        fieldError(400, "VALIDATION_ERROR", "/direct-link/confirm", "code", "code_incorrect"),
    });
    await user.type(await screen.findByLabelText(/First name/), "Vera");
    await user.type(screen.getByLabelText(/Last name/), "Visitor");
    await user.type(screen.getByLabelText(/Email address/), "vera@example.com");
    await user.click(screen.getByRole("button", { name: "Send me a code" }));
    await user.type(await screen.findByLabelText(/Code from the email/), "000000");
    await user.click(screen.getByRole("button", { name: "Confirm and open the document" }));
    expect(
      await screen.findByText("This code is not correct. Check the latest email."),
    ).toBeVisible();
  });

  it("says, in French, that a link turned off or replaced cannot be used", async () => {
    openAt({ directOpen: () => apiError(401, "ACCESS_LINK_INVALID", "/direct-link/open") }, "fr");
    expect(
      await screen.findByRole("heading", { name: "Ce lien ne peut pas être utilisé" }),
    ).toBeVisible();
    expect(screen.getByRole("alert")).toHaveTextContent(/Ce lien n’est pas actif/);
  });

  it("says that a link is used up", async () => {
    const { user } = openAt({
      directSendCode: () =>
        fieldError(409, "CONFLICT", "/direct-link/send-code", "conflict", "direct_link_used_up"),
    });
    await user.type(await screen.findByLabelText(/First name/), "Vera");
    await user.type(screen.getByLabelText(/Last name/), "Visitor");
    await user.type(screen.getByLabelText(/Email address/), "vera@example.com");
    await user.click(screen.getByRole("button", { name: "Send me a code" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      /used as many times as its sender allowed/,
    );
  });
});
