import { createBrowserI18n } from "@paraphe/i18n";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { App } from "../../../app/app";
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

const assertion = vi.hoisted(() => ({
  passkeyAssertion: vi.fn<(options: Record<string, unknown>) => Promise<Record<string, unknown>>>(),
}));
vi.mock("../../../lib/passkey-assertion", () => assertion);

const SIGN_PATH = `/sign/${ENVELOPE_UUID}`;
const LINK_FRAGMENT = `#token=${TOKEN}&secret=${SECRET}`;
const PASSKEY_ANSWER = { id: "cred", response: { signature: "sig" } };

/** The envelope of a signer who must sign in to their Paraphe account, pages already read. */
function openedWithAccountCheck() {
  const base = openedEnvelope({ viewedPages: { [DOCUMENT_UUID]: [0, 1] } });
  return { ...base, recipient: { ...base.recipient, verification: "account", verifiedAt: null } };
}

function openAt(url: string, handlers: SigningHandlers = {}) {
  window.history.replaceState(null, "", url);
  const { api, calls } = createTestApi({ open: () => openedWithAccountCheck(), ...handlers });
  render(<App i18n={createBrowserI18n()} api={api} />);
  return { calls, user: userEvent.setup() };
}

/** Opens the page and goes to sign: the account dialog, by its name in the page's language. */
async function goToSign(user: ReturnType<typeof userEvent.setup>, sign: string, title: string) {
  await screen.findByRole("heading", { name: "Lease agreement" });
  scrollPagesIntoView();
  const button = screen.getByRole("button", { name: sign });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
  return screen.findByRole("dialog", { name: title });
}

beforeEach(() => {
  installFakeIntersectionObserver();
  installFakeCanvas();
  sessionStorage.clear();
  localStorage.clear();
  document.cookie = "i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  assertion.passkeyAssertion.mockReset();
  vi.stubGlobal("PublicKeyCredential", function PublicKeyCredential() {});
});
afterEach(() => {
  window.history.replaceState(null, "", "/");
  vi.unstubAllGlobals();
});

describe("signing in to the Paraphe account before signing", () => {
  it("with a passkey: the api's options to the browser, its answer checked, then the pad", async () => {
    assertion.passkeyAssertion.mockResolvedValue(PASSKEY_ANSWER);
    const { calls, user } = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`);
    const dialog = await goToSign(user, "Sign", "Sign in to your Paraphe account");
    expect(dialog).toHaveTextContent("Grace Hopper asks you to sign in to the Paraphe account of");
    await user.click(within(dialog).getByRole("button", { name: "Use a passkey" }));
    expect(await screen.findByRole("dialog", { name: "Your signature" })).toBeInTheDocument();
    expect(assertion.passkeyAssertion).toHaveBeenCalledWith(
      expect.objectContaining({ challenge: "Y2hhbGxlbmdl", rpId: "localhost" }),
    );
    expect(
      calls.find((call) => call.path === "/envelope/verification/passkey-check")?.body,
    ).toMatchObject({
      token: TOKEN,
      secretKey: SECRET,
      challengeId: "5b0e8f0e-4a4c-4d0e-9d5c-2f3c1b6a7e90",
      response: PASSKEY_ANSWER,
    });
    expect(calls.some((call) => call.path === "/envelope/verification/send")).toBe(false);
  });

  it("says so when the passkey prompt was cancelled or the passkey refused, and a code still works", async () => {
    assertion.passkeyAssertion.mockRejectedValueOnce(
      new DOMException("cancelled", "NotAllowedError"),
    );
    const { user } = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      passkeyCheck: () =>
        fieldError(401, "AUTHENTICATION_ERROR", "/envelope/verification/passkey-check", "x", "x"),
      sendCode: () => ({
        sent: true,
        channel: "account",
        maskedEmail: "a•••@example.com",
        expiresInSeconds: 600,
      }),
    });
    const dialog = await goToSign(user, "Sign", "Sign in to your Paraphe account");
    await user.click(within(dialog).getByRole("button", { name: "Use a passkey" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "No passkey was used. Try again, or ask for a code by email.",
    );
    assertion.passkeyAssertion.mockResolvedValueOnce(PASSKEY_ANSWER);
    await user.click(within(dialog).getByRole("button", { name: "Use a passkey" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("alert")).toHaveTextContent(
        /^This passkey could not be verified\. Use a passkey of the Paraphe account of .+, or ask for a code by email\.$/,
      ),
    );

    await user.click(within(dialog).getByRole("button", { name: "Send a code by email" }));
    expect(
      await within(dialog).findByText(
        "A code to sign in to your Paraphe account was sent to a•••@example.com. It is valid for 10 minutes.",
      ),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByRole("textbox", { name: /Code from the email/ }), "123456");
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByRole("dialog", { name: "Your signature" })).toBeInTheDocument();
  });

  it("tells a signer without an account that one is needed, and links to create it", async () => {
    const { user } = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      sendCode: () =>
        fieldError(409, "CONFLICT", "/envelope/verification/send", "conflict", "account_required"),
    });
    const dialog = await goToSign(user, "Sign", "Sign in to your Paraphe account");
    await user.click(within(dialog).getByRole("button", { name: "Send a code by email" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      /^Signing this document needs a Paraphe account with the address .+, and there is none\. Create it by signing in to Paraphe with this address \(a code is sent to it\), then come back to this page\.$/,
    );
    const create = within(dialog).getByRole("link", { name: /Create my Paraphe account/ });
    expect(create).toHaveAttribute("target", "_blank");
    expect(create.getAttribute("href")).toMatch(/#email=/);
    expect(screen.queryByRole("dialog", { name: "Your signature" })).not.toBeInTheDocument();
  });

  it("speaks French, and offers no passkey where the browser has none", async () => {
    vi.unstubAllGlobals();
    const { user } = openAt(`${SIGN_PATH}?lng=fr${LINK_FRAGMENT}`, {
      passkeyOptions: () =>
        fieldError(409, "CONFLICT", "/envelope/verification/passkey-options", "conflict", "x"),
    });
    const dialog = await goToSign(user, "Signer", "Connectez-vous à votre compte Paraphe");
    expect(dialog).toHaveTextContent("vous demande de vous connecter au compte Paraphe de");
    expect(
      within(dialog).queryByRole("button", { name: "Utiliser une clé d’accès" }),
    ).not.toBeInTheDocument();
    expect(
      within(dialog).getByRole("button", { name: "Recevoir un code par e-mail" }),
    ).toBeEnabled();
  });
});
