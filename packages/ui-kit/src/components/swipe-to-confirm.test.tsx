import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SwipeToConfirm } from "./swipe-to-confirm";

/** jsdom lays nothing out: give the track 300 px and the handle 48 px (252 px of travel). */
function fakeLayout() {
  return vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (
    this: HTMLElement,
  ) {
    const slot = this.getAttribute("data-slot");
    const width = slot === "swipe-track" ? 300 : slot === "swipe-thumb" ? 48 : 0;
    return { x: 0, y: 0, top: 0, left: 0, right: width, bottom: 56, width, height: 56 } as DOMRect;
  });
}

function setup(onConfirm: () => void | Promise<unknown> = vi.fn(), disabled = false) {
  render(
    <SwipeToConfirm
      label="Swipe to sign"
      keyboardHint="Press Enter to sign"
      confirmedLabel="Signing…"
      onConfirm={onConfirm}
      disabled={disabled}
    />,
  );
  return screen.getByRole("slider", { name: "Swipe to sign" });
}

function dragBy(thumb: HTMLElement, dx: number) {
  fireEvent.pointerDown(thumb, { pointerId: 1, clientX: 10, button: 0, pointerType: "touch" });
  fireEvent.pointerMove(thumb, { pointerId: 1, clientX: 10 + dx / 2, pointerType: "touch" });
  fireEvent.pointerMove(thumb, { pointerId: 1, clientX: 10 + dx, pointerType: "touch" });
  fireEvent.pointerUp(thumb, { pointerId: 1, clientX: 10 + dx, pointerType: "touch" });
}

let layout: ReturnType<typeof fakeLayout>;
beforeEach(() => {
  layout = fakeLayout();
});
afterEach(() => layout.mockRestore());

describe("SwipeToConfirm", () => {
  it("does not confirm when the handle is released before the end, and springs back", () => {
    const onConfirm = vi.fn();
    const thumb = setup(onConfirm);
    dragBy(thumb, 200);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(thumb).toHaveAttribute("aria-valuenow", "0");
  });

  it("confirms once when the handle is dragged to the end", () => {
    const onConfirm = vi.fn();
    const thumb = setup(onConfirm);
    dragBy(thumb, 260);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(thumb).toHaveAttribute("aria-valuenow", "100");
    expect(thumb).toHaveAttribute("aria-disabled", "true");
    expect(screen.getByText("Signing…")).toBeInTheDocument();
    dragBy(thumb, 260);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("is described for screen readers by its keyboard hint", () => {
    const thumb = setup();
    expect(thumb).toHaveAccessibleDescription("Press Enter to sign");
  });

  it("confirms with Enter once focused", async () => {
    const onConfirm = vi.fn();
    const thumb = setup(onConfirm);
    const user = userEvent.setup();
    await user.tab();
    expect(thumb).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("confirms with Space", async () => {
    const onConfirm = vi.fn();
    setup(onConfirm);
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard(" ");
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("moves with the arrow keys and confirms only when it reaches the end", async () => {
    const onConfirm = vi.fn();
    const thumb = setup(onConfirm);
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard("{ArrowRight}{ArrowRight}{ArrowRight}");
    expect(thumb).toHaveAttribute("aria-valuenow", "75");
    expect(onConfirm).not.toHaveBeenCalled();
    await user.keyboard("{ArrowLeft}");
    expect(thumb).toHaveAttribute("aria-valuenow", "50");
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("does nothing while disabled", async () => {
    const onConfirm = vi.fn();
    const thumb = setup(onConfirm, true);
    dragBy(thumb, 300);
    thumb.focus();
    await userEvent.setup().keyboard("{Enter}");
    expect(onConfirm).not.toHaveBeenCalled();
    expect(thumb).not.toHaveAttribute("tabindex", "0");
  });

  it("goes back to the start when the confirmation fails, so that it can be tried again", async () => {
    const onConfirm = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue(1);
    const thumb = setup(onConfirm);
    dragBy(thumb, 300);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(thumb).toHaveAttribute("aria-valuenow", "0"));
    expect(screen.getByText("Swipe to sign")).toBeInTheDocument();
    dragBy(thumb, 300);
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });
});
