import { createBrowserI18n, type Language } from "@paraphe/i18n";
import { I18nProvider } from "@paraphe/i18n/react";
import { render, type RenderResult } from "@testing-library/react";
import type { ReactElement } from "react";
import { vi } from "vitest";
import type { AttestationRecord, AttestationStatus } from "../../status/schema";
import type { AttestationSource } from "../use-attestation";

/** Renders inside an i18next instance fixed to `language` (no detection). */
export function renderInLanguage(ui: ReactElement, language: Language = "en"): RenderResult {
  const i18n = createBrowserI18n({ language });
  return render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);
}

export const RECORD_DATE = "2026-11-22T09:30:00.000Z";

/** A record as the tunnel client stores it: the status and results as JSON strings. */
export function recordOf(
  status: AttestationStatus | string,
  options: { results?: unknown; date?: string } = {},
): AttestationRecord {
  const record: AttestationRecord = {
    status: typeof status === "string" ? status : JSON.stringify(status),
    date: options.date ?? RECORD_DATE,
  };
  if (options.results !== undefined) {
    record.results =
      typeof options.results === "string" ? options.results : JSON.stringify(options.results);
  }
  return record;
}

/**
 * What the api reports on a machine without a TEE (the evidence rules of the core) when, besides,
 * its configuration does not match the reference values: a real failure.
 */
export const NO_TEE_STATUS: AttestationStatus = {
  status: "GenericFailure",
  reason: "no hardware isolation: development server",
  components: {
    amd_sev_snp: false,
    stage0: false,
    system_image: true,
    kernel_image: true,
    container_bundle: true,
    container_config: false,
  },
};

/** What the api reports on a machine without a TEE whose software matched: honest, not failed. */
export const NO_HARDWARE_STATUS: AttestationStatus = {
  ...NO_TEE_STATUS,
  components: { ...NO_TEE_STATUS.components, container_config: true },
};

/** A source whose answer the test changes; `load` is a spy to count loads. */
export function controllableSource(initial: AttestationRecord | null) {
  let current = initial;
  const load = vi.fn<AttestationSource["load"]>(() => current);
  return {
    source: { load } satisfies AttestationSource,
    load,
    set(next: AttestationRecord | null) {
      current = next;
    },
  };
}

/** Makes jsdom's document report `state` and tells its listeners, as a browser does. */
export function setVisibility(state: "visible" | "hidden"): void {
  Object.defineProperty(document, "visibilityState", { configurable: true, value: state });
  document.dispatchEvent(new Event("visibilitychange"));
}

/** Removes the override of {@link setVisibility}: jsdom's own getter answers again. */
export function resetVisibility(): void {
  Reflect.deleteProperty(document, "visibilityState");
}
