import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { readStoredUser } from "./session/session-storage";
import { apiError } from "../test/api";
import { renderApp } from "../test/render-app";

describe("a session that ends while in use (spec §8)", () => {
  it("removes the stored user and goes to /login when a member call answers 401 AUTHENTICATION_ERROR", async () => {
    const { router } = renderApp({
      path: "/envelopes",
      leaveOnAuthenticationError: true,
      handlers: { "/envelope/list": () => apiError(401, "AUTHENTICATION_ERROR") },
    });
    // The profile loaded: the member was signed in when the list was asked for.
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(readStoredUser()).toBeNull();
    expect(await screen.findByRole("textbox", { name: /email/i })).toBeInTheDocument();
  });
});
