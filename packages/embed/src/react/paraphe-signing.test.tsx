import { act, cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ParapheSigning } from "./paraphe-signing";

const URL_ = `https://sign.example/d/${"B".repeat(32)}`;

afterEach(cleanup);

describe("ParapheSigning", () => {
  it("frames the link and calls the callback of each event, from its frame only", () => {
    const onReady = vi.fn();
    const onCompleted = vi.fn();
    const { container, rerender } = render(
      <ParapheSigning
        url={URL_}
        signer={{ email: "v@example.com", lock: true }}
        onReady={onReady}
        onCompleted={onCompleted}
      />,
    );
    const frame = container.querySelector("iframe");
    expect(frame?.src).toContain(`/embed/d/${"B".repeat(32)}#`);
    const post = (type: string, payload: unknown, origin = "https://sign.example") =>
      act(() => {
        window.dispatchEvent(
          new MessageEvent("message", {
            data: { source: "paraphe", version: 1, type, payload },
            origin,
            source: frame?.contentWindow ?? null,
          }),
        );
      });
    post("ready", { kind: "direct", title: "Membership" });
    post("completed", { envelopeUuid: "e" }, "https://evil.example");
    expect(onReady).toHaveBeenCalledExactlyOnceWith({ kind: "direct", title: "Membership" });
    expect(onCompleted).not.toHaveBeenCalled();

    // A new callback and the same options (a new object): the same frame, the new callback.
    const later = vi.fn();
    rerender(
      <ParapheSigning
        url={URL_}
        signer={{ email: "v@example.com", lock: true }}
        onCompleted={later}
      />,
    );
    expect(container.querySelector("iframe")).toBe(frame);
    post("completed", { envelopeUuid: "e" });
    expect(later).toHaveBeenCalledExactlyOnceWith({ envelopeUuid: "e" });
    expect(onCompleted).not.toHaveBeenCalled();
  });

  it("says invalidUrl for a link that is not a signing link", () => {
    const onError = vi.fn();
    const { container } = render(<ParapheSigning url="https://example.com/" onError={onError} />);
    expect(container.querySelector("iframe")).toBeNull();
    expect(onError).toHaveBeenCalledWith({ code: "invalidUrl" });
  });
});
