// @vitest-environment jsdom
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AttestationRecord } from "../status/schema";
import { SecurityStatusButton } from "./security-status-button";
import {
  controllableSource,
  NO_TEE_STATUS,
  recordOf,
  renderInLanguage,
  resetVisibility,
  setVisibility,
} from "./test/helpers";

function shieldOf(button: HTMLElement): string | null {
  return button.querySelector("svg")?.getAttribute("data-icon") ?? null;
}

afterEach(() => {
  vi.useRealTimers();
  resetVisibility();
});

describe("SecurityStatusButton", () => {
  it.each([
    ["Success", "verified", "Secure environment verified"],
    ["GenericFailure", "failure", "Secure environment verification failed"],
    ["None", "pending", "Secure environment verification pending"],
    ["Unknown", "unknown", "Secure environment status unknown"],
    ["Degraded", "failure", "Secure environment status unavailable"],
  ])(
    "for a %s status shows the %s shield and says %j in its name and tooltip",
    async (status, icon, text) => {
      const user = userEvent.setup();
      renderInLanguage(
        <SecurityStatusButton
          source={controllableSource(recordOf({ status, components: {} })).source}
        />,
      );
      const button = screen.getByRole("button", { name: `Connection security: ${text}` });
      expect(shieldOf(button)).toBe(icon);

      await user.tab();
      expect(button).toHaveFocus();
      const tooltip = await screen.findByRole("tooltip");
      expect(tooltip).toHaveTextContent(`${text}Click to learn more`);
      // The tooltip arrives on demand without drawing the button again: it keeps its focus.
      expect(button).toHaveFocus();
    },
  );

  it("speaks French with a French instance", async () => {
    const user = userEvent.setup();
    renderInLanguage(
      <SecurityStatusButton source={controllableSource(recordOf(NO_TEE_STATUS)).source} />,
      "fr",
    );
    const button = screen.getByRole("button", {
      name: "Sécurité de la connexion\u00a0: Échec de la vérification de l’environnement sécurisé",
    });
    await user.hover(button);
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Cliquez pour en savoir plus");
  });

  it("shows a plain shield and says it is loading until the source answers", () => {
    renderInLanguage(
      <SecurityStatusButton source={{ load: () => new Promise(() => undefined) }} />,
    );
    const button = screen.getByRole("button", {
      name: "Connection security: Loading the verification details…",
    });
    expect(shieldOf(button)).toBe("loading");
  });

  it("shows the unknown shield and says there is no data when nothing is stored", () => {
    renderInLanguage(<SecurityStatusButton source={controllableSource(null).source} />);
    const button = screen.getByRole("button", {
      name: "Connection security: No verification data yet",
    });
    expect(shieldOf(button)).toBe("unknown");
  });

  it("opens the security dialog on click, reloading the status at once", async () => {
    const user = userEvent.setup();
    const { source, load } = controllableSource(recordOf(NO_TEE_STATUS));
    renderInLanguage(<SecurityStatusButton source={source} />);
    expect(load).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole("button", { name: /^Connection security/ }));
    expect(load).toHaveBeenCalledTimes(2);
    const dialog = await screen.findByRole("dialog", { name: "Connection security" });
    expect(
      within(dialog).getByRole("region", { name: "Secure environment verification failed" }),
    ).toBeInTheDocument();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("keeps its shield fresh: every 30 s while visible, at once when visible again", () => {
    vi.useFakeTimers();
    const pending: AttestationRecord = recordOf({ status: "None", components: {} });
    const { source, load, set } = controllableSource(pending);
    renderInLanguage(<SecurityStatusButton source={source} />);
    const button = screen.getByRole("button", { name: /^Connection security/ });
    expect(shieldOf(button)).toBe("pending");

    set(recordOf(NO_TEE_STATUS, { date: "2026-11-22T10:00:00.000Z" }));
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(shieldOf(button)).toBe("failure");

    act(() => {
      setVisibility("hidden");
    });
    set(
      recordOf(
        { status: "Success", components: { amd_sev_snp: true } },
        { date: "2026-11-22T10:05:00.000Z" },
      ),
    );
    act(() => {
      vi.advanceTimersByTime(300_000);
    });
    expect(load).toHaveBeenCalledTimes(2);
    expect(shieldOf(button)).toBe("failure");

    act(() => {
      setVisibility("visible");
    });
    expect(load).toHaveBeenCalledTimes(3);
    expect(shieldOf(button)).toBe("verified");
  });
});
