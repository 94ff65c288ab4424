import { createBrowserI18n } from "@paraphe/i18n";
import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createTestApi } from "../test/api";
import { AppProviders, TUNNEL_TOAST_DURATION_MS } from "./providers";
import { createQueryClient } from "./query-client";

describe("tunnel pre-initialisation", () => {
  it("opens the tunnel 200 ms after start and shows the Reload toast when it fails", async () => {
    vi.useFakeTimers();
    try {
      vi.spyOn(console, "error").mockImplementation(() => {});
      const { api, server } = createTestApi();
      server.tunnel.ensureOpen.mockRejectedValue(new Error("failed to establish session"));
      render(
        <AppProviders
          i18n={createBrowserI18n()}
          queryClient={createQueryClient()}
          api={api}
          preinitializeTunnel
        >
          <p>app</p>
        </AppProviders>,
      );
      await act(() => vi.advanceTimersByTimeAsync(199));
      expect(server.tunnel.ensureOpen).not.toHaveBeenCalled();
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(server.tunnel.ensureOpen).toHaveBeenCalledTimes(1);
      await act(() => vi.advanceTimersByTimeAsync(100));
      vi.useRealTimers();
      expect(
        await screen.findByText(
          "The secure connection could not be prepared. Reload the page to try again.",
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Reload the page" })).toBeInTheDocument();
      expect(TUNNEL_TOAST_DURATION_MS).toBe(60_000);
    } finally {
      vi.useRealTimers();
    }
  });
});
