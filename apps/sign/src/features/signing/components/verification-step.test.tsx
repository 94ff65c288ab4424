import { createBrowserI18n } from "@paraphe/i18n";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
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

const SIGN_PATH = `/sign/${ENVELOPE_UUID}`;
const LINK_FRAGMENT = `#token=${TOKEN}&secret=${SECRET}`;

/** The envelope of a signer who must confirm their address by a mailed code, pages already read. */
function openedWithCheck(verifiedAt: string | null = null) {
  const base = openedEnvelope({ viewedPages: { [DOCUMENT_UUID]: [0, 1] } });
  return { ...base, recipient: { ...base.recipient, verification: "email_code", verifiedAt } };
}

function openAt(url: string, handlers: SigningHandlers = {}) {
  window.history.replaceState(null, "", url);
  const { api, calls } = createTestApi(handlers);
  render(<App i18n={createBrowserI18n()} api={api} />);
  return { calls, user: userEvent.setup() };
}

beforeEach(() => {
  installFakeIntersectionObserver();
  installFakeCanvas();
  sessionStorage.clear();
  localStorage.clear();
  document.cookie = "i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
});
afterEach(() => {
  window.history.replaceState(null, "", "/");
});

describe("the email code before signing", () => {
  it("comes when the signer goes to sign: code sent, a short or wrong code refused, then the pad", async () => {
    let tries = 0;
    const { calls, user } = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      open: () => openedWithCheck(),
      checkCode: (body) => {
        tries++;
        return body.code === "123456"
          ? { verified: true, verifiedAt: "2026-11-22T10:05:00.000Z" }
          : fieldError(
              400,
              "VALIDATION_ERROR",
              "/envelope/verification/check",
              "code",
              "code_incorrect",
            );
      },
    });
    await screen.findByRole("heading", { name: "Lease agreement" });
    scrollPagesIntoView();
    const sign = screen.getByRole("button", { name: "Sign" });
    await waitFor(() => expect(sign).toBeEnabled());
    await user.click(sign);

    const dialog = await screen.findByRole("dialog", { name: "Confirm your email address" });
    expect(screen.queryByRole("dialog", { name: "Your signature" })).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent("Grace Hopper asks you to confirm your email address");
    expect(calls.some((call) => call.path === "/envelope/verification/send")).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Send the code" }));
    expect(
      await within(dialog).findByText(
        "A code was sent to a•••@example.com. It is valid for 10 minutes.",
      ),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.path === "/envelope/verification/send")?.body).toMatchObject({
      token: TOKEN,
      secretKey: SECRET,
    });

    const code = within(dialog).getByRole("textbox", { name: /Code from the email/ });
    await user.type(code, "1234");
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Type the 6 digits of the code.");
    expect(tries).toBe(0);

    await user.clear(code);
    await user.type(code, "654321");
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "This code is not correct. Check the latest email.",
    );

    await user.clear(code);
    await user.type(code, "123 456");
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByRole("dialog", { name: "Your signature" })).toBeInTheDocument();
    expect(
      calls.filter((call) => call.path === "/envelope/verification/check").at(-1)?.body,
    ).toMatchObject({ code: "123456" });
  });

  it("says in French when the code died after too many wrong tries", async () => {
    const { user } = openAt(`${SIGN_PATH}?lng=fr${LINK_FRAGMENT}`, {
      open: () => openedWithCheck(),
      checkCode: () =>
        fieldError(
          400,
          "VALIDATION_ERROR",
          "/envelope/verification/check",
          "code",
          "code_attempts_exceeded",
        ),
    });
    await screen.findByRole("heading", { name: "Lease agreement" });
    scrollPagesIntoView();
    const sign = screen.getByRole("button", { name: "Signer" });
    await waitFor(() => expect(sign).toBeEnabled());
    await user.click(sign);
    const dialog = await screen.findByRole("dialog", { name: "Confirmez votre adresse e-mail" });
    await user.click(within(dialog).getByRole("button", { name: "Envoyer le code" }));
    await user.type(
      await within(dialog).findByRole("textbox", { name: /Code reçu par e-mail/ }),
      "000000",
    );
    await user.click(within(dialog).getByRole("button", { name: "Confirmer" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      /^Trop de codes erronés\s: ce code ne fonctionne plus\. Demandez-en un nouveau\.$/,
    );
  });

  it("is not asked again once passed", async () => {
    const { user } = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      open: () => openedWithCheck("2026-11-22T10:05:00.000Z"),
    });
    await screen.findByRole("heading", { name: "Lease agreement" });
    scrollPagesIntoView();
    const sign = screen.getByRole("button", { name: "Sign" });
    await waitFor(() => expect(sign).toBeEnabled());
    await user.click(sign);
    expect(await screen.findByRole("dialog", { name: "Your signature" })).toBeInTheDocument();
  });

  it("asks for the code when the server refuses a signature for want of the check the page did not know of", async () => {
    let signs = 0;
    const { calls, user } = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      // The page opened before the sender asked for the check: it knows of none.
      open: () => openedEnvelope({ viewedPages: { [DOCUMENT_UUID]: [0, 1] } }),
      sign: () => {
        signs++;
        return signs === 1
          ? fieldError(409, "CONFLICT", "/envelope/sign", "conflict", "verification_required")
          : { recipientStatus: "signed", envelopeStatus: "signing" };
      },
      checkCode: () => ({ verified: true, verifiedAt: "2026-11-22T10:05:00.000Z" }),
    });
    await screen.findByRole("heading", { name: "Lease agreement" });
    scrollPagesIntoView();
    await user.click(await screen.findByRole("button", { name: "Sign" }));
    const pad = await screen.findByRole("dialog", { name: "Your signature" });
    await user.click(within(pad).getByRole("tab", { name: "Type" }));
    within(pad).getByRole("slider", { name: "Swipe to sign" }).focus();
    await user.keyboard("{Enter}");

    const dialog = await screen.findByRole("dialog", { name: "Confirm your email address" });
    await user.click(within(dialog).getByRole("button", { name: "Send the code" }));
    await user.type(
      await within(dialog).findByRole("textbox", { name: /Code from the email/ }),
      "123456",
    );
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    const again = await screen.findByRole("dialog", { name: "Your signature" });
    within(again).getByRole("slider", { name: "Swipe to sign" }).focus();
    await user.keyboard("{Enter}");
    expect(
      await screen.findByRole("heading", { name: "Thank you, your signature is recorded" }),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/envelope/sign")).toHaveLength(2);
  });
});

/** The envelope of a signer who must confirm their phone by a code sent by SMS, pages read. */
function openedWithSmsCheck() {
  const base = openedEnvelope({ viewedPages: { [DOCUMENT_UUID]: [0, 1] } });
  return { ...base, recipient: { ...base.recipient, verification: "sms_code", verifiedAt: null } };
}

describe("the SMS code before signing", () => {
  it("says the code went by SMS to the number ending in its last two digits, then opens the pad", async () => {
    const { calls, user } = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      open: () => openedWithSmsCheck(),
      sendCode: () => ({
        sent: true,
        channel: "sms",
        maskedEmail: "a•••@example.com",
        phoneEnding: "78",
        expiresInSeconds: 600,
      }),
      checkCode: (body) =>
        body.code === "123456"
          ? { verified: true, verifiedAt: "2026-11-22T10:05:00.000Z" }
          : fieldError(
              400,
              "VALIDATION_ERROR",
              "/envelope/verification/check",
              "code",
              "code_incorrect",
            ),
    });
    await screen.findByRole("heading", { name: "Lease agreement" });
    scrollPagesIntoView();
    const sign = screen.getByRole("button", { name: "Sign" });
    await waitFor(() => expect(sign).toBeEnabled());
    await user.click(sign);

    const dialog = await screen.findByRole("dialog", { name: "Confirm your phone number" });
    expect(dialog).toHaveTextContent("Grace Hopper asks you to confirm your phone number");
    await user.click(within(dialog).getByRole("button", { name: "Send the code" }));
    expect(
      await within(dialog).findByText(
        "A code was sent by SMS to the number ending in 78. It is valid for 10 minutes.",
      ),
    ).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent("a•••@example.com");
    const code = within(dialog).getByRole("textbox", { name: /Code from the SMS/ });
    await user.type(code, "654321");
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "This code is not correct. Check the latest SMS.",
    );
    await user.clear(code);
    await user.type(code, "123456");
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByRole("dialog", { name: "Your signature" })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/envelope/verification/check")).toHaveLength(2);
  });

  it("once the code is locked by wrong tries, lets only a new code be asked for, then passes it", async () => {
    let sent = 0;
    const { calls, user } = openAt(`${SIGN_PATH}${LINK_FRAGMENT}`, {
      open: () => openedWithSmsCheck(),
      sendCode: () => {
        sent += 1;
        return {
          sent: true,
          channel: "sms",
          maskedEmail: "a•••@example.com",
          phoneEnding: "78",
          expiresInSeconds: 600,
        };
      },
      checkCode: (body) =>
        sent === 2 && body.code === "123456"
          ? { verified: true, verifiedAt: "2026-11-22T10:05:00.000Z" }
          : fieldError(
              400,
              "VALIDATION_ERROR",
              "/envelope/verification/check",
              "code",
              "code_attempts_exceeded",
            ),
    });
    await screen.findByRole("heading", { name: "Lease agreement" });
    scrollPagesIntoView();
    const sign = screen.getByRole("button", { name: "Sign" });
    await waitFor(() => expect(sign).toBeEnabled());
    await user.click(sign);
    const dialog = await screen.findByRole("dialog", { name: "Confirm your phone number" });
    await user.click(within(dialog).getByRole("button", { name: "Send the code" }));
    const code = await within(dialog).findByRole("textbox", { name: /Code from the SMS/ });
    await user.type(code, "654321");
    const confirm = within(dialog).getByRole("button", { name: "Confirm" });
    await user.click(confirm);
    const locked = "Too many wrong codes: this code no longer works. Ask for a new one.";
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(locked);
    // The dead code cannot be tried again, by the button or by Enter; typing keeps the message.
    expect(confirm).toBeDisabled();
    await user.clear(code);
    await user.type(code, "123456{Enter}");
    expect(within(dialog).getByRole("alert")).toHaveTextContent(locked);
    expect(calls.filter((call) => call.path === "/envelope/verification/check")).toHaveLength(1);

    await user.click(within(dialog).getByRole("button", { name: "Send a new code" }));
    await waitFor(() => expect(confirm).toBeEnabled());
    expect(within(dialog).queryByRole("alert")).toBeNull();
    await user.type(code, "123456");
    await user.click(confirm);
    expect(await screen.findByRole("dialog", { name: "Your signature" })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/envelope/verification/check")).toHaveLength(2);
  });

  it("speaks French, and says when the SMS cannot go", async () => {
    const { user } = openAt(`${SIGN_PATH}?lng=fr${LINK_FRAGMENT}`, {
      open: () => openedWithSmsCheck(),
      sendCode: () =>
        fieldError(409, "CONFLICT", "/envelope/verification/send", "conflict", "phone_missing"),
    });
    await screen.findByRole("heading", { name: "Lease agreement" });
    scrollPagesIntoView();
    const sign = screen.getByRole("button", { name: "Signer" });
    await waitFor(() => expect(sign).toBeEnabled());
    await user.click(sign);
    const dialog = await screen.findByRole("dialog", {
      name: "Confirmez votre numéro de téléphone",
    });
    await user.click(within(dialog).getByRole("button", { name: "Envoyer le code" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Le code ne peut pas vous être envoyé par SMS. Demandez à l’expéditeur de vérifier votre numéro.",
    );
  });
});
