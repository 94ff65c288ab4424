// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { VisibilityDocument } from "../status/poller";
import type { AttestationRecord } from "../status/schema";
import { controllableSource, NO_TEE_STATUS, recordOf, RECORD_DATE } from "./test/helpers";
import { useAttestation, type AttestationSource } from "./use-attestation";

/** A document whose visibility the test sets, with its listeners. */
function fakeDocument(initial: "visible" | "hidden" = "visible") {
  const listeners = new Set<() => void>();
  const doc = {
    visibilityState: initial as string,
    addEventListener: (_type: "visibilitychange", listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: "visibilitychange", listener: () => void) =>
      listeners.delete(listener),
  } satisfies VisibilityDocument;
  return {
    document: doc,
    listeners,
    set(state: "visible" | "hidden") {
      doc.visibilityState = state;
      for (const listener of [...listeners]) listener();
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("useAttestation", () => {
  it("shows a synchronous source at once, parsed, without a loading state in between", () => {
    const { source } = controllableSource(recordOf(NO_TEE_STATUS));
    const { result } = renderHook(() => useAttestation(source));
    expect(result.current.attestation).toEqual({
      state: "ready",
      status: NO_TEE_STATUS,
      results: null,
      date: RECORD_DATE,
    });
  });

  it("starts hidden without loading, and loads as soon as the page becomes visible", () => {
    const { source, load } = controllableSource(recordOf(NO_TEE_STATUS));
    const page = fakeDocument("hidden");
    const { result } = renderHook(() => useAttestation(source, { document: page.document }));
    expect(load).not.toHaveBeenCalled();
    expect(result.current.attestation.state).toBe("loading");
    act(() => {
      page.set("visible");
    });
    expect(load).toHaveBeenCalledOnce();
    expect(result.current.attestation.state).toBe("ready");
  });

  it("uses the newest source object without restarting its timer", () => {
    vi.useFakeTimers();
    const first = controllableSource(recordOf(NO_TEE_STATUS));
    const second = controllableSource(null);
    const { result, rerender } = renderHook(
      ({ source }: { source: AttestationSource }) => useAttestation(source),
      { initialProps: { source: first.source } },
    );
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    rerender({ source: second.source });
    expect(second.load).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(first.load).toHaveBeenCalledOnce();
    expect(second.load).toHaveBeenCalledOnce();
    expect(result.current.attestation).toEqual({ state: "no-data" });
  });

  it("logs an invalid status once, not at every reload of the same record", () => {
    vi.useFakeTimers();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { source, load } = controllableSource(recordOf("{not json"));
    const { result } = renderHook(() => useAttestation(source));
    act(() => {
      vi.advanceTimersByTime(90_000);
    });
    expect(load).toHaveBeenCalledTimes(4);
    expect(error).toHaveBeenCalledOnce();
    expect(result.current.attestation).toEqual({ state: "no-data" });
  });

  it("shows no data for a record whose date is not ISO 8601, and logs it", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const record = { ...recordOf(NO_TEE_STATUS), date: "yesterday" } as AttestationRecord;
    const { result } = renderHook(() => useAttestation({ load: () => record }));
    expect(result.current.attestation).toEqual({ state: "no-data" });
    expect(error).toHaveBeenCalledWith(expect.stringContaining("attestation record is invalid"));
  });

  it("keeps what it showed, with its date, when a later load fails", () => {
    vi.useFakeTimers();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let fail = false;
    const source: AttestationSource = {
      load: () => {
        if (fail) throw new Error("storage is gone");
        return recordOf(NO_TEE_STATUS);
      },
    };
    const { result } = renderHook(() => useAttestation(source));
    fail = true;
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(error).toHaveBeenCalledOnce();
    expect(result.current.attestation).toMatchObject({ state: "ready", date: RECORD_DATE });
  });

  it("reloads on demand while enabled, and neither loads nor reloads while disabled", () => {
    const { source, load } = controllableSource(recordOf(NO_TEE_STATUS));
    const { result, rerender } = renderHook(
      ({ enabled }: { enabled: boolean }) => useAttestation(source, { enabled }),
      { initialProps: { enabled: false } },
    );
    act(() => {
      result.current.reload();
    });
    expect(load).not.toHaveBeenCalled();
    rerender({ enabled: true });
    expect(load).toHaveBeenCalledOnce();
    act(() => {
      result.current.reload();
    });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("drops an answer that arrives after it was disabled", async () => {
    let answer: (record: AttestationRecord) => void = () => undefined;
    const pending = new Promise<AttestationRecord>((resolve) => {
      answer = resolve;
    });
    const { result, rerender } = renderHook(
      ({ enabled }: { enabled: boolean }) => useAttestation({ load: () => pending }, { enabled }),
      { initialProps: { enabled: true } },
    );
    rerender({ enabled: false });
    await act(async () => {
      answer(recordOf(NO_TEE_STATUS));
      await pending;
    });
    expect(result.current.attestation).toEqual({ state: "loading" });
  });

  it("stops listening to the page when unmounted", () => {
    const page = fakeDocument();
    const { unmount } = renderHook(() =>
      useAttestation(controllableSource(null).source, { document: page.document }),
    );
    expect(page.listeners.size).toBe(1);
    unmount();
    expect(page.listeners.size).toBe(0);
  });
});
