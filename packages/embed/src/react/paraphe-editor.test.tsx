import { act, cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ParapheEditor } from "./paraphe-editor";

const ACCESS_KEY = `pet_${"C".repeat(32)}`;
const TOKEN = `${ACCESS_KEY}.${"d".repeat(43)}`;
const UUID = "0b7c3f5e-1d2a-4c6b-9e8f-1a2b3c4d5e6f";

afterEach(cleanup);

describe("ParapheEditor", () => {
  it("frames the editor and calls the callback of each event, from its frame only", () => {
    const onSaved = vi.fn();
    const onSent = vi.fn();
    const { container } = render(
      <ParapheEditor
        appUrl="https://app.example"
        token={TOKEN}
        envelopeUuid={UUID}
        onSaved={onSaved}
        onSent={onSent}
      />,
    );
    const frame = container.querySelector("iframe");
    expect(frame?.src).toContain(`https://app.example/embed/edit/${ACCESS_KEY}#`);
    const post = (type: string, payload: unknown, origin = "https://app.example") =>
      act(() => {
        window.dispatchEvent(
          new MessageEvent("message", {
            data: { source: "paraphe", version: 1, type, payload },
            origin,
            source: frame?.contentWindow ?? null,
          }),
        );
      });
    post("saved", { kind: "envelope", uuid: UUID });
    post("sent", { envelopeUuid: UUID });
    post("sent", { envelopeUuid: UUID }, "https://evil.example");
    expect(onSaved).toHaveBeenCalledExactlyOnceWith({ kind: "envelope", uuid: UUID });
    expect(onSent).toHaveBeenCalledExactlyOnceWith({ envelopeUuid: UUID });
  });

  it("calls onError with invalidOptions for a token it cannot use", () => {
    const onError = vi.fn();
    render(
      <ParapheEditor
        appUrl="https://app.example"
        token="x"
        envelopeUuid={UUID}
        onError={onError}
      />,
    );
    expect(onError).toHaveBeenCalledWith({ code: "invalidOptions" });
  });
});
