import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { readStoredUser } from "../../../app/session/session-storage";
import { NEW_PROFILE, TEST_PASSKEYS, TEST_PROFILE, apiError, ok } from "../../../test/api";
import { TEST_USER, renderApp } from "../../../test/render-app";

vi.mock("@simplewebauthn/browser", () => ({
  browserSupportsWebAuthn: () => true,
  startAuthentication: vi.fn(async () => ({ id: "cred", response: {} })),
  startRegistration: vi.fn(async () => ({ id: "cred_new", response: {} })),
}));

function renderLogin(options: Parameters<typeof renderApp>[0] = {}) {
  return renderApp({ user: null, path: "/login", ...options });
}

async function submitEmail(user: ReturnType<typeof renderApp>["user"], email: string) {
  const field = await screen.findByRole("textbox", { name: /Email address/ });
  await user.clear(field);
  if (email) await user.type(field, email);
  await user.click(screen.getByRole("button", { name: "Continue" }));
}

describe("login: email step", () => {
  it("requires an email and a valid one, without calling the api", async () => {
    const { user, server } = renderLogin();
    await submitEmail(user, "");
    expect(await screen.findByText("This field is required.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: /Email address/ })).toHaveAttribute(
      "aria-invalid",
      "true",
    );

    await submitEmail(user, "not-an-email");
    expect(await screen.findByText("Enter a valid email address.")).toBeInTheDocument();
    expect(server.bodiesOf("/authentication/request-code")).toEqual([]);
  });

  it("is prefilled with the email of the URL fragment after logout", async () => {
    renderLogin({ path: "/login#email=sam%40example.com" });
    expect(await screen.findByRole("textbox", { name: /Email address/ })).toHaveValue(
      "sam@example.com",
    );
  });

  it("is prefilled with the last email used on this browser otherwise", async () => {
    localStorage.setItem("session", JSON.stringify({ lastEmailLoggedIn: "last@example.com" }));
    renderLogin();
    expect(await screen.findByRole("textbox", { name: /Email address/ })).toHaveValue(
      "last@example.com",
    );
  });

  it("shows the rate-limit message when too many codes were asked for", async () => {
    const { user } = renderLogin({
      handlers: { "/authentication/request-code": () => apiError(429, "RATE_LIMITED") },
    });
    await submitEmail(user, "lea.martin@example.com");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Login failed");
    expect(alert).toHaveTextContent("Too many attempts. Please wait a moment and try again.");
    expect(alert).not.toHaveTextContent("raw message");
  });

  it("shows Login failed with the reload hint for an unexpected failure, in French too", async () => {
    const { user } = renderLogin({
      language: "fr",
      handlers: { "/authentication/request-code": () => ({ status: 500 }) },
    });
    const field = await screen.findByRole("textbox", { name: /Adresse e-mail/ });
    await user.type(field, "lea.martin@example.com");
    await user.click(screen.getByRole("button", { name: "Continuer" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Échec de la connexion");
  });
});

describe("login: code step", () => {
  async function reachCodeStep(options: Parameters<typeof renderApp>[0] = {}) {
    const view = renderLogin(options);
    await submitEmail(view.user, " Lea.Martin@Example.com ");
    await screen.findByRole("textbox", { name: /Verification code/ });
    return view;
  }

  it("asks for the code of the normalised email, in the browser's language", async () => {
    const { server } = await reachCodeStep();
    expect(server.bodiesOf("/authentication/request-code")).toEqual([
      { email: "lea.martin@example.com", language: "en" },
    ]);
    expect(screen.getByText("lea.martin@example.com")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: /Verification code/ })).toHaveAttribute(
      "autocomplete",
      "one-time-code",
    );
  });

  it("requires exactly 6 characters", async () => {
    const { user, server } = await reachCodeStep();
    await user.type(screen.getByRole("textbox", { name: /Verification code/ }), "ACD");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("The code has exactly 6 characters.")).toBeInTheDocument();
    expect(server.bodiesOf("/authentication/verify-code")).toEqual([]);
  });

  it("accepts a pasted code with spaces and lower case, then offers a passkey", async () => {
    const { user, server, router } = await reachCodeStep({
      handlers: { "/passkey/list": () => ok({ passkeys: [] }) },
    });
    await user.click(screen.getByRole("textbox", { name: /Verification code/ }));
    await user.paste("acd efg");
    await user.click(screen.getByRole("button", { name: "Sign in" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/register-passkey"));
    expect(server.bodiesOf("/authentication/verify-code")).toEqual([
      { email: "lea.martin@example.com", code: "ACDEFG" },
    ]);
    expect(readStoredUser()).toEqual(TEST_USER);
    expect(
      await screen.findByRole("heading", { name: "Sign in faster with a passkey" }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Skip for now" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("asks for the person's passkeys with the profile, not after it", async () => {
    // The profile is answered only once the passkey list has been asked for: in sequence, the
    // offer would never show.
    let listAsked: () => void = () => undefined;
    const passkeysAsked = new Promise<void>((resolve) => (listAsked = resolve));
    const { user, router } = await reachCodeStep({
      handlers: {
        "/user/profile": async () => {
          await passkeysAsked;
          return ok(TEST_PROFILE);
        },
        "/passkey/list": () => {
          listAsked();
          return ok({ passkeys: [] });
        },
      },
    });
    await user.type(screen.getByRole("textbox", { name: /Verification code/ }), "ACDEFG");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(
      await screen.findByRole("heading", { name: "Sign in faster with a passkey" }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/register-passkey");
  });

  it("skips the passkey offer for a person who already has one", async () => {
    const { user, router } = await reachCodeStep({
      handlers: { "/passkey/list": () => ok({ passkeys: TEST_PASSKEYS }) },
    });
    await user.type(screen.getByRole("textbox", { name: /Verification code/ }), "ACDEFG");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("takes the profile and the passkey offer's answer from the code's check: asks neither", async () => {
    const { user, server, router } = await reachCodeStep({
      handlers: {
        "/authentication/verify-code": () =>
          ok({ ...TEST_USER, isNewUser: false, profile: TEST_PROFILE, hasPasskey: false }),
      },
    });
    await user.type(screen.getByRole("textbox", { name: /Verification code/ }), "ACDEFG");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(
      await screen.findByRole("heading", { name: "Sign in faster with a passkey" }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/register-passkey");
    expect(server.bodiesOf("/user/profile")).toEqual([]);
    expect(server.bodiesOf("/passkey/list")).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Skip for now" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(server.bodiesOf("/user/profile")).toEqual([]);
  });

  it("skips the offer when the code's check says the person has a passkey, without listing them", async () => {
    const { user, server, router } = await reachCodeStep({
      handlers: {
        "/authentication/verify-code": () =>
          ok({ ...TEST_USER, isNewUser: false, profile: NEW_PROFILE, hasPasskey: true }),
      },
    });
    await user.type(screen.getByRole("textbox", { name: /Verification code/ }), "ACDEFG");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    // The answered profile has no team: onboarding, decided without asking for the profile.
    await waitFor(() => expect(router.state.location.pathname).toBe("/onboarding/team"));
    expect(server.bodiesOf("/passkey/list")).toEqual([]);
    expect(server.bodiesOf("/user/profile")).toEqual([]);
  });

  it("goes on to team onboarding for a new person", async () => {
    const { user, router } = await reachCodeStep({
      handlers: {
        "/authentication/verify-code": () =>
          ok({ ...TEST_USER, email: NEW_PROFILE.email, isNewUser: true }),
        "/user/profile": () => ok(NEW_PROFILE),
        "/passkey/list": () => ok({ passkeys: [] }),
      },
    });
    await user.type(screen.getByRole("textbox", { name: /Verification code/ }), "ACDEFG");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await user.click(await screen.findByRole("button", { name: "Skip for now" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/onboarding/team"));
  });

  it.each([
    ["code_incorrect", "This code is incorrect. Check it or ask for a new one."],
    ["code_expired", "This code has expired. Ask for a new one."],
  ])("shows %s under the field, translated", async (word, text) => {
    const { user } = await reachCodeStep({
      handlers: {
        "/authentication/verify-code": () =>
          apiError(400, "VALIDATION_ERROR", [{ path: "code", message: word }]),
      },
    });
    const field = screen.getByRole("textbox", { name: /Verification code/ });
    await user.type(field, "ACDEFG");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(readStoredUser()).toBeNull();
  });

  it("lets the person change the email", async () => {
    const { user } = await reachCodeStep();
    await user.click(screen.getByRole("button", { name: "Use another email address" }));
    expect(await screen.findByRole("textbox", { name: /Email address/ })).toHaveValue(
      "lea.martin@example.com",
    );
  });

  it("offers a new code only after the cooldown", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user, server } = await reachCodeStep();
      const resend = screen.getByRole("button", { name: /Send a new code in \d+ s/ });
      expect(resend).toBeDisabled();
      for (let second = 0; second < 31; second += 1) {
        await act(() => vi.advanceTimersByTimeAsync(1000));
      }
      await user.click(await screen.findByRole("button", { name: "Send a new code" }));
      expect(await screen.findByText("A new code has been sent.")).toBeInTheDocument();
      expect(server.bodiesOf("/authentication/request-code")).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("login with a passkey", () => {
  it("signs in with the api's challenge and goes to the dashboard", async () => {
    // jsdom has no WebAuthn: the button shows where the browser has PublicKeyCredential.
    vi.stubGlobal("PublicKeyCredential", function PublicKeyCredential() {});
    const { user, server, router } = renderLogin();
    await user.click(await screen.findByRole("button", { name: "Sign in with a passkey" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(server.bodiesOf("/authentication/passkey-login")).toEqual([
      { challengeId: "challenge-1", response: { id: "cred", response: {} } },
    ]);
    expect(
      within(await screen.findByRole("navigation", { name: "Main navigation" })).getByRole("link", {
        name: "Dashboard",
      }),
    ).toBeInTheDocument();
  });

  it("offers no passkey sign-in where the browser has no WebAuthn", async () => {
    renderLogin();
    expect(await screen.findByRole("textbox", { name: /Email address/ })).toBeInTheDocument();
    expect(
      screen.queryByRole("button", { name: "Sign in with a passkey" }),
    ).not.toBeInTheDocument();
  });
});
