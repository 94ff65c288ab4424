import { createBrowserI18n } from "@paraphe/i18n";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { App } from "../../../app/app";
import { postQesCallback, readQesCallback } from "../../../domain/qes-callback";
import {
  createTestApi,
  DOCUMENT_UUID,
  ENVELOPE_UUID,
  fieldError,
  openedEnvelope,
  SECRET,
  TOKEN,
  type SigningHandlers,
} from "../../../test/api-handlers";
import { installFakeCanvas } from "../../../test/canvas";
import {
  installFakeIntersectionObserver,
  scrollPagesIntoView,
} from "../../../test/intersection-observer";

const SIGN_PATH = `/sign/${ENVELOPE_UUID}`;
const LINK_FRAGMENT = `#token=${TOKEN}&secret=${SECRET}`;
const STATE = "state-0123456789abcdef";

/** A signer's envelope at QES, pages already read. */
function openedAtQes() {
  const base = openedEnvelope({ viewedPages: { [DOCUMENT_UUID]: [0, 1] } });
  return { ...base, envelope: { ...base.envelope, signatureLevel: "QES" as const } };
}

/** The window the page opens for the provider: where it was sent, whether it was closed. */
function fakeProviderWindow() {
  const opened = { location: { href: "about:blank" }, closed: false, opener: {} as unknown };
  const close = vi.fn(() => {
    opened.closed = true;
  });
  const open = vi
    .spyOn(window, "open")
    .mockImplementation(() => Object.assign(opened, { close }) as unknown as Window);
  return { opened, open, close };
}

function openAt(url: string, handlers: SigningHandlers = {}) {
  window.history.replaceState(null, "", url);
  const { api, calls } = createTestApi(handlers);
  render(<App i18n={createBrowserI18n()} api={api} />);
  return { calls, user: userEvent.setup() };
}

/** Reads, types the signature and swipes: the qualified step comes next. */
async function drawAndSwipe(user: ReturnType<typeof userEvent.setup>, signLabel = "Sign") {
  await screen.findByRole("heading", { name: "Lease agreement" });
  scrollPagesIntoView();
  const sign = screen.getByRole("button", { name: signLabel });
  await waitFor(() => expect(sign).toBeEnabled());
  await user.click(sign);
  const pad = await screen.findByRole("dialog");
  await user.click(within(pad).getAllByRole("tab")[1]!);
  within(pad).getByRole("slider").focus();
  await user.keyboard("{Enter}");
}

beforeEach(() => {
  installFakeIntersectionObserver();
  installFakeCanvas();
  sessionStorage.clear();
  localStorage.clear();
  document.cookie = "i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
});
afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, "", "/");
});

describe("the qualified signature step", () => {
  it("signs in at the provider in a window of its own, then signs with the certificate chosen and its PIN, a wrong PIN said and retried", async () => {
    const provider = fakeProviderWindow();
    let signs = 0;
    const { calls, user } = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      open: () => openedAtQes(),
      qesCredentials: () => ({
        credentials: [
          {
            id: "CR-ada-rsa",
            description: "Signature certificate (RSA)",
            subject: "CN=Ada Lovelace",
            issuer: "CN=Test qualified CA",
            usable: true,
            pinLabel: "PIN",
          },
          {
            id: "CR-ada-ec",
            description: "Signature certificate (EC)",
            subject: "CN=Ada Lovelace",
            issuer: "CN=Test qualified CA",
            usable: true,
            pinLabel: "PIN",
          },
        ],
        session: "sealed:v1:opaque",
        expiresAt: "2026-11-22T10:35:00.000Z",
      }),
      sign: () => {
        signs++;
        return signs === 1
          ? fieldError(409, "CONFLICT", "/envelope/sign", "conflict", "qes_pin_invalid")
          : { recipientStatus: "signed", envelopeStatus: "signing" };
      },
    });
    await drawAndSwipe(user);

    const dialog = await screen.findByRole("dialog", {
      name: "Sign with your qualified certificate",
    });
    expect(dialog).toHaveTextContent("Grace Hopper asks for a qualified electronic signature");
    // Nothing is signed before the provider's step.
    expect(calls.some((call) => call.path === "/envelope/sign")).toBe(false);
    await user.click(
      within(dialog).getByRole("button", { name: "Sign with your qualified certificate" }),
    );
    expect(
      await within(dialog).findByText(/Sign in at your provider in the window that opened/),
    ).toBeInTheDocument();
    expect(provider.open).toHaveBeenCalledTimes(1);
    expect(provider.opened.opener).toBeNull();
    expect(provider.opened.location.href).toBe(
      `https://tsp.example/oauth2/authorize?state=${STATE}`,
    );
    expect(calls.find((call) => call.path === "/envelope/qes/authorize")?.body).toMatchObject({
      token: TOKEN,
      secretKey: SECRET,
    });

    // Another authorization's answer is not this page's.
    postQesCallback({ state: "another-state-0123456789", code: "other-code" });
    // The provider sends the signer back: the callback page hands the code over.
    postQesCallback({ state: STATE, code: "the-code" });
    const credentials = await within(dialog).findByRole("radiogroup", {
      name: "Your qualified certificates",
    });
    expect(provider.close).toHaveBeenCalled();
    const credentialCalls = calls.filter((call) => call.path === "/envelope/qes/credentials");
    expect(credentialCalls).toHaveLength(1);
    expect(credentialCalls[0]?.body).toMatchObject({ code: "the-code", state: STATE });

    await user.click(within(credentials).getByRole("radio", { name: /\(EC\)/ }));
    const pin = within(dialog).getByLabelText(/PIN of the certificate/);
    await user.type(pin, "999999");
    await user.click(within(dialog).getByRole("button", { name: "Sign" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "The provider refused this PIN. Check it and try again",
    );
    expect(pin).toHaveValue("");

    await user.type(pin, "123456");
    await user.click(within(dialog).getByRole("button", { name: "Sign" }));
    expect(
      await screen.findByRole("heading", { name: "Thank you, your signature is recorded" }),
    ).toBeInTheDocument();
    const signCalls = calls.filter((call) => call.path === "/envelope/sign");
    expect(signCalls).toHaveLength(2);
    expect(signCalls[1]?.body).toMatchObject({
      qualified: { session: "sealed:v1:opaque", credentialId: "CR-ada-ec", pin: "123456" },
      signature: { kind: "typed" },
    });
  });

  it("says in French that the sign-in expired, and starts it again", async () => {
    fakeProviderWindow();
    const { calls, user } = openAt(`${SIGN_PATH}?lng=fr${LINK_FRAGMENT}`, {
      open: () => openedAtQes(),
      sign: () =>
        fieldError(409, "CONFLICT", "/envelope/sign", "conflict", "qes_authorization_expired"),
    });
    await drawAndSwipe(user, "Signer");
    const dialog = await screen.findByRole("dialog", {
      name: "Signer avec votre certificat qualifié",
    });
    await user.click(
      within(dialog).getByRole("button", { name: "Signer avec votre certificat qualifié" }),
    );
    await within(dialog).findByText(/Connectez-vous chez votre prestataire/);
    postQesCallback({ state: STATE, code: "the-code" });
    // One certificate: shown, not a choice.
    expect(await within(dialog).findByText("C=FR, CN=Ada Lovelace")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Code PIN du certificat/), "123456");
    await user.click(within(dialog).getByRole("button", { name: "Signer" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      /^Votre connexion chez le prestataire a expiré\. Reconnectez-vous\.$/,
    );
    expect(
      within(dialog).getByRole("button", { name: "Signer avec votre certificat qualifié" }),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/envelope/sign")).toHaveLength(1);
  });

  it("says so when the browser keeps the provider's window from opening", async () => {
    vi.spyOn(window, "open").mockReturnValue(null);
    const { calls, user } = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, { open: () => openedAtQes() });
    await drawAndSwipe(user);
    const dialog = await screen.findByRole("dialog", {
      name: "Sign with your qualified certificate",
    });
    await user.click(
      within(dialog).getByRole("button", { name: "Sign with your qualified certificate" }),
    );
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(/Allow pop-ups/);
    expect(calls.some((call) => call.path === "/envelope/qes/authorize")).toBe(false);
  });
});

describe("the provider's callback", () => {
  it("reads the code and state, or the provider's error, and nothing else", () => {
    expect(readQesCallback("?code=abc&state=s1")).toEqual({ state: "s1", code: "abc" });
    expect(readQesCallback("?error=access_denied&state=s1")).toEqual({
      state: "s1",
      error: "access_denied",
    });
    expect(readQesCallback("?code=abc")).toBeNull();
    expect(readQesCallback("")).toBeNull();
  });

  it("hands the answer over and says to go back to the signing page", async () => {
    const close = vi.spyOn(window, "close").mockImplementation(() => undefined);
    const received: unknown[] = [];
    const channel = new BroadcastChannel("paraphe-qes-callback");
    channel.onmessage = (event) => received.push(event.data);
    try {
      window.history.replaceState(null, "", "/qes/callback?code=the-code&state=s-callback");
      const { api } = createTestApi();
      render(<App i18n={createBrowserI18n()} api={api} />);
      expect(
        await screen.findByText("You can close this window and go on signing on the signing page."),
      ).toBeInTheDocument();
      await waitFor(() => expect(received).toEqual([{ state: "s-callback", code: "the-code" }]));
      expect(close).toHaveBeenCalled();
      // The code leaves the address.
      expect(window.location.search).toBe("");
    } finally {
      channel.close();
    }
  });
});
