import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { TEST_PROFILE, renderApp } from "../../test/render-app";
import { SESSION_STORAGE_KEY, readStoredUser } from "./session-storage";

describe("logout (spec §4 order)", () => {
  it("ends the server session, drops the tunnel, goes to /login#email, then forgets the user and the cache", async () => {
    const { user, server, router, queryClient } = renderApp();
    await screen.findByRole("navigation", { name: "Main navigation" });
    const order: string[] = [];
    server.use({
      "/authentication/terminate-sessions": ({ body }) => {
        order.push(`terminate ${JSON.stringify(body)} stored=${readStoredUser() !== null}`);
        return { status: 200, body: { terminated: 1 } };
      },
    });
    server.tunnel.destroy.mockImplementation(() => {
      order.push(`destroy path=${router.state.location.pathname}`);
    });
    router.subscribe((state) => {
      if (state.location.pathname === "/login")
        order.push(`navigate ${state.location.hash} stored=${readStoredUser() !== null}`);
    });

    await user.click(screen.getByRole("button", { name: "Account menu" }));
    await user.click(await screen.findByRole("menuitem", { name: "Log out" }));

    await waitFor(() => expect(readStoredUser()).toBeNull());
    expect(order.slice(0, 3)).toEqual([
      'terminate {"filter":{"accessKeys":["ak_test_0001"]}} stored=true',
      "destroy path=/",
      "navigate #email=lea.martin%40example.com stored=true",
    ]);
    // The member layout may render once more before it leaves (React renders the new route in a
    // transition) and send the user, now forgotten, to /login again: only there, with the same
    // email in the fragment (the last one used, which is kept).
    expect(order.slice(3)).toEqual(
      order.slice(3).map(() => "navigate #email=lea.martin%40example.com stored=false"),
    );
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? "{}")).toEqual({
      lastEmailLoggedIn: TEST_PROFILE.email,
    });
    // Nothing the user's session read is left: the only query a page may start meanwhile (the
    // members' layout leaving while its lazy route resolves) is the empty one of nobody.
    const kept = queryClient.getQueryCache().getAll();
    expect(kept.filter((query) => query.state.data !== undefined)).toEqual([]);
    expect(
      kept.map((query) => query.queryKey).filter((key) => key.includes(TEST_PROFILE.email)),
    ).toEqual([]);
  });

  it("still logs out when ending the server session fails, with a warning", async () => {
    const { user, server, router } = renderApp({
      handlers: { "/authentication/terminate-sessions": () => ({ status: 503 }) },
    });
    await screen.findByRole("navigation", { name: "Main navigation" });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await user.click(screen.getByRole("button", { name: "Account menu" }));
    await user.click(await screen.findByRole("menuitem", { name: "Log out" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    await waitFor(() => expect(readStoredUser()).toBeNull());
    expect(server.tunnel.destroy).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      "Failed to end the server session at logout",
      expect.anything(),
    );
  });
});
