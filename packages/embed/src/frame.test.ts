import { afterEach, describe, expect, it, vi } from "vitest";
import { defineParapheSigning } from "./element";
import { mountSigningFrame } from "./frame";

const URL_ = "https://sign.example/sign/0b7c3f5e-1d2a-4c6b-9e8f-1a2b3c4d5e6f#token=t&secret=s";
const SIGN_ORIGIN = "https://sign.example";

/** A message as the signing page posts it, from `source` and `origin`. */
function post(source: Window | null, origin: string, data: unknown) {
  window.dispatchEvent(new MessageEvent("message", { data, origin, source }));
}
const signed = { source: "paraphe", version: 1, type: "signed", payload: { envelopeUuid: "e" } };

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the signing frame", () => {
  it("hands on the events of its own frame from the signing site's origin only", () => {
    const onEvent = vi.fn();
    const mounted = mountSigningFrame(document.body, { url: URL_ }, onEvent);
    expect(mounted.frame.src).toMatch(/^https:\/\/sign\.example\/embed\/sign\//);
    expect(mounted.frame.title).toBe("Document to sign");
    const own = mounted.frame.contentWindow;

    post(own, SIGN_ORIGIN, signed);
    expect(onEvent).toHaveBeenCalledExactlyOnceWith({
      type: "signed",
      payload: { envelopeUuid: "e" },
    });

    // Another origin, another frame, the page itself, a malformed or unknown message: ignored.
    post(own, "https://evil.example", signed);
    const other = document.createElement("iframe");
    document.body.appendChild(other);
    post(other.contentWindow, SIGN_ORIGIN, signed);
    post(window, SIGN_ORIGIN, signed);
    post(own, SIGN_ORIGIN, { ...signed, payload: { envelopeUuid: 1 } });
    post(own, SIGN_ORIGIN, { ...signed, type: "steal" });
    post(own, SIGN_ORIGIN, { ...signed, source: "other" });
    post(own, SIGN_ORIGIN, "signed");
    expect(onEvent).toHaveBeenCalledOnce();

    mounted.destroy();
    post(own, SIGN_ORIGIN, signed);
    expect(onEvent).toHaveBeenCalledOnce();
    expect(document.querySelector("iframe[title]")).toBeNull();
  });

  it("names the frame in French for a French page", () => {
    const mounted = mountSigningFrame(document.body, { url: URL_, language: "fr" }, () => {});
    expect(mounted.frame.title).toBe("Document à signer");
  });
});

describe("<paraphe-signing>", () => {
  defineParapheSigning();

  it("frames the link of its attributes and dispatches each event as a DOM event", () => {
    const element = document.createElement("paraphe-signing");
    element.setAttribute("url", URL_);
    element.setAttribute("language", "fr");
    element.setAttribute("no-decline", "");
    element.setAttribute("theme-primary", "#123456");
    const events: [string, unknown][] = [];
    for (const name of ["paraphe-ready", "paraphe-page-read", "paraphe-signed", "paraphe-error"]) {
      document.addEventListener(name, (event) => {
        events.push([name, (event as CustomEvent).detail]);
      });
    }
    document.body.appendChild(element);
    const frame = element.frame;
    expect(frame?.parentNode).toBe(element);
    const fragment = new URLSearchParams(new URL(frame?.src ?? "").hash.slice(1));
    expect(fragment.get("lng")).toBe("fr");
    expect(fragment.get("decline")).toBe("0");
    expect(fragment.get("primary")).toBe("#123456");
    expect(fragment.get("origin")).toBe(window.location.origin);

    const source = frame?.contentWindow ?? null;
    const message = (type: string, payload: unknown) => ({
      source: "paraphe",
      version: 1,
      type,
      payload,
    });
    post(source, SIGN_ORIGIN, message("ready", { kind: "sign", title: "Lease" }));
    post(source, SIGN_ORIGIN, message("pageRead", { pagesRead: 1, pageCount: 2 }));
    post(source, SIGN_ORIGIN, signed);
    expect(events).toEqual([
      ["paraphe-ready", { kind: "sign", title: "Lease" }],
      ["paraphe-page-read", { pagesRead: 1, pageCount: 2 }],
      ["paraphe-signed", { envelopeUuid: "e" }],
    ]);

    element.setAttribute("url", "https://elsewhere.example/");
    expect(element.frame).toBeNull();
    expect(events.at(-1)).toEqual(["paraphe-error", { code: "invalidUrl" }]);
    element.remove();
  });
});
