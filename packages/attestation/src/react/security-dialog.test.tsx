// @vitest-environment jsdom
import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AttestationStatus } from "../status/schema";
import { SecurityDialog } from "./security-dialog";
import {
  controllableSource,
  NO_HARDWARE_STATUS,
  NO_TEE_STATUS,
  RECORD_DATE,
  recordOf,
  renderInLanguage,
  resetVisibility,
  setVisibility,
} from "./test/helpers";
import type { AttestationSource } from "./use-attestation";

const ALL_VERIFIED: AttestationStatus = {
  status: "Success",
  components: {
    amd_sev_snp: true,
    stage0: true,
    system_image: true,
    kernel_image: true,
    container_bundle: true,
    container_config: true,
  },
};

function openDialog(source: AttestationSource, language: "en" | "fr" = "en") {
  return renderInLanguage(
    <SecurityDialog open={true} onOpenChange={() => undefined} source={source} />,
    language,
  );
}

/** A page with a button that opens the dialog, as an app would have. */
function Harness({ source }: { source: AttestationSource }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <SecurityDialog open={open} onOpenChange={setOpen} source={source} />
    </>
  );
}

function formatted(language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeStyle: "short" }).format(
    new Date(RECORD_DATE),
  );
}

/** The component cards, by display name, with the state each one shows in words. */
function componentStates(): Record<string, string> {
  const list = within(screen.getByRole("region", { name: /^(Components|Composants)$/ })).getByRole(
    "list",
  );
  return Object.fromEntries(
    within(list)
      .getAllByRole("listitem")
      .map((item) => {
        const [name, state] = [...item.querySelectorAll("p")].map((p) => p.textContent);
        return [name ?? "", state ?? ""];
      }),
  );
}

/** The tree item inside `scope` named `key: …`, at `level` (1 for the top-level entries). */
function treeItem(scope: HTMLElement, key: string, level: number): HTMLElement {
  const items = within(scope)
    .queryAllByRole("treeitem", { name: (name) => name.startsWith(`${key}:`) })
    .filter((item) => item.getAttribute("aria-level") === String(level));
  if (items.length !== 1) throw new Error(`${items.length} tree items named ${key} at ${level}`);
  return items[0] as HTMLElement;
}

afterEach(() => {
  vi.useRealTimers();
  resetVisibility();
});

describe("SecurityDialog: the status banner", () => {
  it("says in English that the server has no hardware isolation, with its reason and date", () => {
    openDialog(controllableSource(recordOf(NO_TEE_STATUS)).source);
    const dialog = screen.getByRole("dialog", { name: "Connection security" });
    const banner = within(dialog).getByRole("region", {
      name: "Secure environment verification failed",
    });
    expect(banner).toHaveTextContent("Secure environment verification failed");
    expect(banner).toHaveTextContent("Reason: no hardware isolation: development server");
    expect(banner).toHaveTextContent(`Last updated ${formatted("en")}`);
    expect(within(banner).getByText("Secure environment verification failed")).toHaveClass(
      "text-danger",
    );
    expect(banner.querySelector("svg")).toHaveAttribute("data-icon", "failure");
    expect(dialog).toHaveTextContent("Hardware isolation is not verified.");
    expect(dialog).not.toHaveTextContent("Secure environment verified");
  });

  it("says the same in French, with the date written the French way", () => {
    openDialog(controllableSource(recordOf(NO_TEE_STATUS)).source, "fr");
    const dialog = screen.getByRole("dialog", { name: "Sécurité de la connexion" });
    const banner = within(dialog).getByRole("region", {
      name: "Échec de la vérification de l’environnement sécurisé",
    });
    // textContent, not toHaveTextContent: the latter folds the no-break spaces French requires.
    expect(banner.textContent).toContain(
      "Motif\u00a0: pas d’isolation matérielle\u00a0: serveur de développement",
    );
    expect(banner.textContent).toContain(`Dernière mise à jour\u00a0: ${formatted("fr")}`);
    expect(formatted("fr")).toMatch(/novembre 2026/);
    expect(dialog).toHaveTextContent("L’isolation matérielle n’est pas vérifiée.");
    expect(within(dialog).getByRole("button", { name: "Fermer" })).toBeInTheDocument();
  });

  it("says neutrally, not as a failure, that a server without hardware isolation has none when its software checked out", () => {
    openDialog(controllableSource(recordOf(NO_HARDWARE_STATUS)).source);
    const dialog = screen.getByRole("dialog", { name: "Connection security" });
    const banner = within(dialog).getByRole("region", {
      name: "This server has no hardware-isolated environment",
    });
    expect(banner.querySelector("svg")).toHaveAttribute("data-icon", "noHardware");
    expect(
      within(banner).getByText("This server has no hardware-isolated environment"),
    ).toHaveClass("text-ink-muted");
    expect(banner).toHaveTextContent("Nothing failed: this server");
    expect(banner).toHaveTextContent("nothing beyond its TLS certificate proves which server");
    expect(dialog).not.toHaveTextContent("verification failed");
    expect(componentStates()).toEqual({
      "AMD SEV-SNP (processor isolation)": "Not on this server",
      "Launch firmware (Stage 0)": "Not on this server",
      "System image": "Verified",
      "Kernel image": "Verified",
      "Application container": "Verified",
      "Container configuration": "Verified",
    });
  });

  it("says it in French, component names included", () => {
    openDialog(controllableSource(recordOf(NO_HARDWARE_STATUS)).source, "fr");
    const dialog = screen.getByRole("dialog", { name: "Sécurité de la connexion" });
    expect(
      within(dialog).getByRole("region", {
        name: "Ce serveur n’a pas d’environnement isolé par le matériel",
      }),
    ).toBeInTheDocument();
    expect(componentStates()).toMatchObject({
      "AMD SEV-SNP (isolation par le processeur)": "Absent de ce serveur",
      "Configuration du conteneur": "Vérifié",
    });
  });

  it.each([
    ["Success", "Secure environment verified", "verified"],
    ["None", "Secure environment verification pending", "pending"],
    ["Unknown", "Secure environment status unknown", "unknown"],
    ["Rebooting", "Secure environment status unavailable", "failure"],
  ])("shows the %s status as %j with the %s icon", (status, text, icon) => {
    openDialog(controllableSource(recordOf({ status, components: { amd_sev_snp: true } })).source);
    const banner = screen.getByRole("region", { name: text });
    expect(banner.querySelector("svg")).toHaveAttribute("data-icon", icon);
  });

  it("does not warn about hardware isolation when the hardware was verified", () => {
    openDialog(controllableSource(recordOf(ALL_VERIFIED)).source);
    expect(screen.getByRole("dialog")).not.toHaveTextContent("Hardware isolation is not verified");
  });

  it("warns about hardware isolation when a Success status does not name the hardware", () => {
    openDialog(
      controllableSource(recordOf({ status: "Success", components: { system_image: true } }))
        .source,
    );
    expect(screen.getByRole("dialog")).toHaveTextContent("Hardware isolation is not verified");
  });
});

describe("SecurityDialog: the component cards", () => {
  it("shows every component as pending while the overall status is None, whatever its flag", () => {
    openDialog(
      controllableSource(
        recordOf({ status: "None", components: { amd_sev_snp: true, stage0: false } }),
      ).source,
    );
    expect(componentStates()).toEqual({
      "AMD SEV-SNP (processor isolation)": "Pending",
      "Launch firmware (Stage 0)": "Pending",
    });
  });

  it("shows verified only for a flag that is true, and failed for every other", () => {
    openDialog(controllableSource(recordOf(NO_TEE_STATUS)).source);
    expect(componentStates()).toEqual({
      "AMD SEV-SNP (processor isolation)": "Failed",
      "Launch firmware (Stage 0)": "Failed",
      "System image": "Verified",
      "Kernel image": "Verified",
      "Application container": "Verified",
      "Container configuration": "Failed",
    });
  });

  it("shows a false flag as failed even when the overall status is Success", () => {
    openDialog(
      controllableSource(
        recordOf({ status: "Success", components: { amd_sev_snp: true, custom_layer: false } }),
      ).source,
    );
    expect(componentStates()).toEqual({
      "AMD SEV-SNP (processor isolation)": "Verified",
      "Custom layer": "Failed",
    });
  });

  it("marks each state with its own icon, not with colour alone", () => {
    openDialog(controllableSource(recordOf(NO_TEE_STATUS)).source);
    const cards = within(screen.getByRole("region", { name: "Components" })).getAllByRole(
      "listitem",
    );
    const icons = cards.map((card) => card.querySelector("svg")?.getAttribute("data-icon"));
    expect(icons).toEqual(["failed", "failed", "verified", "verified", "verified", "failed"]);
  });

  it("writes the states in French", () => {
    openDialog(controllableSource(recordOf(NO_TEE_STATUS)).source, "fr");
    expect(componentStates()).toMatchObject({
      "AMD SEV-SNP (isolation par le processeur)": "Échec",
      "Image système": "Vérifié",
    });
  });

  it("says so when the status names no component", () => {
    openDialog(controllableSource(recordOf({ status: "GenericFailure", components: {} })).source);
    expect(screen.getByText("The server reported no components.")).toBeInTheDocument();
  });
});

describe("SecurityDialog: explanation and raw data", () => {
  it("explains the tunnel and attestation, and shows the TEE, Enclave and Remote Attestation badges on demand", async () => {
    const user = userEvent.setup();
    openDialog(controllableSource(recordOf(NO_TEE_STATUS)).source);
    const explanation = screen.getByRole("region", { name: "What this means" });
    expect(explanation).toHaveTextContent("encrypted tunnel");
    expect(explanation).toHaveTextContent("Remote attestation is how that server proves");
    expect(screen.queryByText("TEE")).not.toBeVisible();

    const toggle = within(explanation).getByRole("button", { name: "Show technical details" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(toggle).toHaveAccessibleName("Hide technical details");
    for (const badge of ["TEE", "Enclave", "Remote Attestation"]) {
      expect(within(explanation).getByText(badge)).toBeVisible();
    }
    expect(explanation).toHaveTextContent("Trusted execution environment: memory");

    await user.click(toggle);
    expect(screen.queryByText("TEE")).not.toBeVisible();
  });

  it("shows the raw status and results as a tree of nested keys", async () => {
    const user = userEvent.setup();
    const results = {
      measurements: { system_image: { hash: "ab12", reference: "ab12" } },
    };
    openDialog(controllableSource(recordOf(NO_TEE_STATUS, { results })).source);
    expect(screen.queryByRole("tree")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Show raw data" }));
    const tree = screen.getByRole("tree", { name: "Raw attestation status and results" });
    expect(treeItem(tree, "status", 1)).toHaveAttribute("aria-expanded", "true");
    expect(treeItem(tree, "components", 2)).toHaveAttribute("aria-expanded", "true");
    expect(treeItem(tree, "amd_sev_snp", 3)).toHaveTextContent("amd_sev_snp: false");
    expect(treeItem(tree, "reason", 2)).toHaveTextContent(
      '"no hardware isolation: development server"',
    );
    const measurement = treeItem(treeItem(tree, "results", 1), "system_image", 3);
    expect(measurement).toHaveAttribute("aria-expanded", "false");
    await user.click(measurement);
    expect(treeItem(tree, "hash", 4)).toHaveTextContent('"ab12"');

    await user.click(screen.getByRole("button", { name: "Hide raw data" }));
    expect(screen.queryByRole("tree")).not.toBeInTheDocument();
  });
});

describe("SecurityDialog: loading and no data", () => {
  it("shows a spinner and the loading text until the source answers", async () => {
    let answer: (value: ReturnType<typeof recordOf>) => void = () => undefined;
    const pending = new Promise<ReturnType<typeof recordOf>>((resolve) => {
      answer = resolve;
    });
    openDialog({ load: () => pending });
    expect(screen.getByRole("status")).toHaveTextContent("Loading the verification details…");

    await act(async () => {
      answer(recordOf(NO_TEE_STATUS));
      await pending;
    });
    expect(screen.queryByText("Loading the verification details…")).not.toBeInTheDocument();
    expect(
      screen.getByRole("region", { name: "Secure environment verification failed" }),
    ).toBeInTheDocument();
  });

  it("shows no data, and explains why, when there is no record", () => {
    openDialog(controllableSource(null).source);
    const dialog = screen.getByRole("dialog");
    expect(dialog).toHaveTextContent("No verification data yet");
    expect(dialog).toHaveTextContent("The server has not sent any attestation evidence yet.");
    expect(screen.queryByRole("region", { name: "Components" })).not.toBeInTheDocument();
  });

  it("shows no data, in French too", () => {
    openDialog(controllableSource(null).source, "fr");
    expect(screen.getByRole("dialog")).toHaveTextContent(
      "Aucune donnée de vérification pour l’instant",
    );
  });

  it("shows no data, and logs the error, when the status is invalid", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    openDialog(
      controllableSource(recordOf(JSON.stringify({ status: "Success", components: { x: "yes" } })))
        .source,
    );
    expect(screen.getByRole("dialog")).toHaveTextContent("No verification data yet");
    expect(screen.getByRole("dialog")).not.toHaveTextContent("Secure environment verified");
    expect(error).toHaveBeenCalledWith(expect.stringContaining("attestation status is invalid"));
  });

  it("ignores invalid results with a warning and still shows the status", async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    openDialog(
      controllableSource(recordOf(NO_TEE_STATUS, { results: { measurements: { x: { hash: 1 } } } }))
        .source,
    );
    expect(
      screen.getByRole("region", { name: "Secure environment verification failed" }),
    ).toBeInTheDocument();
    expect(warn).toHaveBeenCalledOnce();
    await user.click(screen.getByRole("button", { name: "Show raw data" }));
    const tree = screen.getByRole("tree");
    expect(treeItem(tree, "status", 1)).toBeInTheDocument();
    expect(() => treeItem(tree, "results", 1)).toThrow("0 tree items");
  });

  it("shows no data, and logs the error, when the source fails", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    openDialog({ load: () => Promise.reject(new Error("storage is gone")) });
    expect(await screen.findByText("No verification data yet")).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(
      "[attestation] Loading the attestation record failed.",
      expect.any(Error),
    );
  });
});

describe("SecurityDialog: refreshing", () => {
  it("does not load while closed, and loads as soon as it opens", () => {
    const { source, load } = controllableSource(recordOf(NO_TEE_STATUS));
    renderInLanguage(<Harness source={source} />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "open" }));
    expect(load).toHaveBeenCalledOnce();
    expect(screen.getByRole("dialog")).toHaveTextContent("Secure environment verification failed");
  });

  it("reloads every 30 s while visible, pauses while hidden, and reloads at once when visible again", () => {
    vi.useFakeTimers();
    const { source, load, set } = controllableSource(
      recordOf({ status: "None", components: { amd_sev_snp: false } }),
    );
    openDialog(source);
    expect(load).toHaveBeenCalledTimes(1);
    expect(
      screen.getByRole("region", { name: "Secure environment verification pending" }),
    ).toBeInTheDocument();

    set(recordOf(ALL_VERIFIED, { date: "2026-11-22T09:31:00.000Z" }));
    act(() => {
      vi.advanceTimersByTime(29_999);
    });
    expect(load).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByRole("region", { name: "Secure environment verified" })).toBeInTheDocument();

    act(() => {
      setVisibility("hidden");
      vi.advanceTimersByTime(120_000);
    });
    expect(load).toHaveBeenCalledTimes(2);

    set(recordOf(NO_TEE_STATUS, { date: "2026-11-22T09:40:00.000Z" }));
    act(() => {
      setVisibility("visible");
    });
    expect(load).toHaveBeenCalledTimes(3);
    expect(
      screen.getByRole("region", { name: "Secure environment verification failed" }),
    ).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(load).toHaveBeenCalledTimes(4);
  });

  it("stops reloading when it closes", () => {
    vi.useFakeTimers();
    const { source, load } = controllableSource(recordOf(NO_TEE_STATUS));
    renderInLanguage(<Harness source={source} />);
    fireEvent.click(screen.getByRole("button", { name: "open" }));
    expect(load).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(90_000);
    });
    expect(load).toHaveBeenCalledTimes(1);
  });
});
