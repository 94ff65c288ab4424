import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { apiError } from "../test/api";
import { TEST_PROFILE, profileLoader, renderApp } from "../test/render-app";

describe("route guards", () => {
  it("sends a visitor without a stored user to /login, keeping the page asked for", async () => {
    const { router } = renderApp({ user: null, path: "/settings?tab=1#x" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.state).toEqual({
      from: { pathname: "/settings", search: "?tab=1", hash: "#x" },
    });
  });

  it("treats a stored user as logged out when the api refuses its credential, and logs it", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { router } = renderApp({
      handlers: { "/user/profile": () => apiError(401, "AUTHENTICATION_ERROR") },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(error).toHaveBeenCalledWith("Failed to load user session", expect.any(Error));
  });

  it("treats a stored user as logged out when the profile fails to load, and logs it", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const failure = new Error("AUTHENTICATION_ERROR");
    const { router } = renderApp({ loadProfile: vi.fn(() => Promise.reject(failure)) });
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(error).toHaveBeenCalledWith("Failed to load user session", failure);
  });

  it("sends a user whose profile has no team to /onboarding/team", async () => {
    const { router } = renderApp({ loadProfile: profileLoader({ ...TEST_PROFILE, team: null }) });
    await waitFor(() => expect(router.state.location.pathname).toBe("/onboarding/team"));
    expect(screen.queryByRole("navigation", { name: "Main navigation" })).not.toBeInTheDocument();
  });

  it("redirects /settings to /settings/profile", async () => {
    const { router } = renderApp({ path: "/settings", loadProfile: profileLoader() });
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings/profile"));
  });

  it("loads the profile once, with the stored user", async () => {
    const loadProfile = profileLoader();
    const { router } = renderApp({ loadProfile });
    await screen.findByRole("navigation", { name: "Main navigation" });
    await router.navigate("/settings");
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings/profile"));
    expect(loadProfile).toHaveBeenCalledTimes(1);
    expect(loadProfile).toHaveBeenCalledWith(
      { accessKey: "ak_test_0001", secretKey: "sk_test_secret", email: TEST_PROFILE.email },
      { signal: expect.any(AbortSignal) },
    );
  });
});

describe("unknown paths", () => {
  it("shows the not-found page in the public layout to a visitor, in English", async () => {
    renderApp({ user: null, path: "/no/such/page" });
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
    expect(screen.getByText("Electronic signatures for teams")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
    expect(screen.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
    expect(screen.queryByRole("navigation", { name: "Main navigation" })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Page not found · Paraphe"));
  });

  it("shows the not-found page in the public layout to a visitor, in French", async () => {
    renderApp({ user: null, path: "/no/such/page", language: "fr" });
    expect(await screen.findByRole("heading", { name: "Page introuvable" })).toBeInTheDocument();
    expect(screen.getByText("La signature électronique pour les équipes")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Se connecter" })).toHaveAttribute("href", "/login");
    expect(screen.getByRole("link", { name: "Retour à l’accueil" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Page introuvable · Paraphe"));
  });

  it("switches the public layout's language from its language menu", async () => {
    const { user } = renderApp({ user: null, path: "/nowhere" });
    await user.click(await screen.findByRole("button", { name: "Language: English" }));
    await user.click(await screen.findByRole("menuitemradio", { name: "Français" }));
    expect(await screen.findByRole("heading", { name: "Page introuvable" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Langue\u00a0: Français" })).toBeInTheDocument();
  });

  it("shows the not-found page inside the app layout to a member, in English and in French", async () => {
    const { user } = renderApp({ path: "/envelopes/unknown", loadProfile: profileLoader() });
    const main = await screen.findByRole("main");
    expect(
      await within(main).findByRole("heading", { name: "Page not found" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Main navigation" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Page not found · Paraphe"));

    await user.click(screen.getByRole("button", { name: "Account menu" }));
    await user.click(await screen.findByRole("menuitemradio", { name: "Français" }));
    expect(
      await within(screen.getByRole("main")).findByRole("heading", { name: "Page introuvable" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Navigation principale" })).toBeInTheDocument();
  });
});
