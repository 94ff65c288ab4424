import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Avatar } from "./avatar";
import { fallbackAvatarDataUri } from "./avatar-options";

/** A stand-in for the browser's Image loader (radix Avatar probes the URL with `new Image()`). */
function stubImageLoading(outcome: "load" | "error") {
  const probes: string[] = [];
  class FakeImage extends EventTarget {
    complete = false;
    naturalWidth = 0;
    referrerPolicy = "";
    crossOrigin: string | null = null;
    private url = "";
    get src() {
      return this.url;
    }
    set src(value: string) {
      this.url = value;
      probes.push(value);
      setTimeout(() => {
        this.complete = true;
        if (outcome === "load") this.naturalWidth = 100;
        this.dispatchEvent(new Event(outcome));
      }, 0);
    }
  }
  vi.stubGlobal("Image", FakeImage);
  return probes;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("Avatar", () => {
  it("without a picture, shows the generated fallback with the alt text", () => {
    render(<Avatar seed="ada@example.com" alt="Ada Lovelace" />);
    const image = screen.getByRole("img", { name: "Ada Lovelace" });
    expect(image).toHaveAttribute("src", fallbackAvatarDataUri("ada@example.com"));
  });

  it("shows the picture once it has loaded", async () => {
    const probes = stubImageLoading("load");
    render(
      <Avatar
        src="https://cdn.example/p/abc.png"
        seed="ada@example.com"
        alt="Ada Lovelace"
        size={40}
      />,
    );
    await vi.waitFor(() =>
      expect(screen.getByRole("img", { name: "Ada Lovelace" })).toHaveAttribute(
        "src",
        "https://cdn.example/p/abc.png",
      ),
    );
    expect(probes).toContain("https://cdn.example/p/abc.png");
    expect(screen.getAllByRole("img")).toHaveLength(1);
  });

  it("keeps the fallback when the picture fails to load", async () => {
    vi.useFakeTimers();
    const probes = stubImageLoading("error");
    render(<Avatar src="https://cdn.example/missing.png" seed="bob@example.com" alt="Bob" />);
    expect(probes).toContain("https://cdn.example/missing.png");
    // The probe's error event fires on the next timer: run it.
    act(() => vi.runAllTimers());
    const image = screen.getByRole("img", { name: "Bob" });
    expect(image).toHaveAttribute("src", fallbackAvatarDataUri("bob@example.com"));
  });

  it("is sized in pixels", () => {
    const { container } = render(<Avatar seed="c" alt="C" size={48} />);
    expect(container.firstElementChild).toHaveStyle({ width: "48px", height: "48px" });
  });
});
