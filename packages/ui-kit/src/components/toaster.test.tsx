import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TOAST_DEFAULTS, Toaster, toast } from "./toaster";

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
  vi.useRealTimers();
});

const toastList = () => document.querySelector<HTMLOListElement>("[data-sonner-toaster]");
const visibleToasts = () => document.querySelectorAll("[data-sonner-toast][data-visible='true']");

describe("Toaster", () => {
  it("exposes the spec's toast constants", () => {
    expect(TOAST_DEFAULTS).toEqual({
      durationMs: 4000,
      visibleToasts: 3,
      widthPx: 356,
      gapPx: 14,
      hotkey: ["altKey", "KeyT"],
      swipeThresholdPx: 45,
      swipeVelocity: 0.11,
    });
  });

  it("names the region with the translated label and the Alt+T hotkey", () => {
    render(<Toaster label="Notifications (fr)" />);
    expect(screen.getByRole("region", { name: "Notifications (fr) alt+T" })).toBeInTheDocument();
  });

  it("lays toasts out 356 px wide with a 14 px gap, and shows at most 3", async () => {
    render(<Toaster label="Notifications" closeLabel="Fermer" closeButton />);
    act(() => {
      for (let index = 1; index <= 5; index += 1) toast(`Message ${index}`);
    });
    expect(await screen.findByText("Message 5")).toBeInTheDocument();
    const list = toastList();
    expect(list?.style.getPropertyValue("--width")).toBe("356px");
    expect(list?.style.getPropertyValue("--gap")).toBe("14px");
    expect(visibleToasts()).toHaveLength(3);
    expect(screen.getAllByRole("button", { name: "Fermer" }).length).toBeGreaterThan(0);
  });

  it("moves focus to the toasts on Alt+T", async () => {
    render(<Toaster />);
    act(() => {
      toast("Saved");
    });
    await screen.findByText("Saved");
    fireEvent.keyDown(document, { altKey: true, code: "KeyT", key: "†" });
    expect(document.activeElement).toBe(toastList());
  });

  it("dismisses a toast after 4 seconds by default", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    render(<Toaster />);
    act(() => {
      toast("Document sent");
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(screen.getByText("Document sent")).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_800);
    });
    expect(screen.getByText("Document sent")).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    expect(screen.queryByText("Document sent")).not.toBeInTheDocument();
  });

  it("lets one toast last longer (the 60 s tunnel toast)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    render(<Toaster />);
    act(() => {
      toast("Secure connection failed", { duration: 60_000 });
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(screen.getByText("Secure connection failed")).toBeInTheDocument();
  });
});
