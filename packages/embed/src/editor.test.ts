import { afterEach, describe, expect, it, vi } from "vitest";
import { editorFrameAddress, mountEditorFrame } from "./editor";
import { defineParapheEditor } from "./editor-element";

const ACCESS_KEY = `pet_${"a".repeat(32)}`;
const TOKEN = `${ACCESS_KEY}.${"b".repeat(43)}`;
const UUID = "0b7c3f5e-1d2a-4c6b-9e8f-1a2b3c4d5e6f";
const APP = "https://app.example";

function post(source: Window | null, origin: string, data: unknown) {
  window.dispatchEvent(new MessageEvent("message", { data, origin, source }));
}
const sent = { source: "paraphe", version: 1, type: "sent", payload: { envelopeUuid: UUID } };

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the editor's address", () => {
  it("is the web app's embedded editor of the token's access key, with the options in the fragment", () => {
    const { src, origin } = editorFrameAddress(
      { appUrl: `${APP}/some/page`, token: TOKEN, envelopeUuid: UUID, language: "fr" },
      "https://portal.example",
    );
    expect(origin).toBe(APP);
    const url = new URL(src);
    expect(url.origin + url.pathname).toBe(`${APP}/embed/edit/${ACCESS_KEY}`);
    const fragment = new URLSearchParams(url.hash.slice(1));
    expect(Object.fromEntries(fragment)).toEqual({
      token: TOKEN,
      origin: "https://portal.example",
      envelope: UUID,
      lng: "fr",
    });
    // The token never goes in the part a server receives.
    expect(url.pathname + url.search).not.toContain(TOKEN);
  });

  it("refuses a token, an address or a document it cannot use", () => {
    const base = { appUrl: APP, token: TOKEN, envelopeUuid: UUID };
    for (const options of [
      { ...base, token: "pak_x.y" },
      { ...base, appUrl: "javascript:alert(1)" },
      { ...base, appUrl: "not a url" },
      { ...base, envelopeUuid: "x" },
      { ...base, templateUuid: UUID },
      { appUrl: APP, token: TOKEN },
    ]) {
      expect(() => editorFrameAddress(options, "https://portal.example")).toThrow(TypeError);
    }
  });
});

describe("the editor's frame", () => {
  it("hands on the events of its own frame from the web app's origin only", () => {
    const onEvent = vi.fn();
    const mounted = mountEditorFrame(
      document.body,
      { appUrl: APP, token: TOKEN, templateUuid: UUID },
      onEvent,
    );
    expect(mounted.frame.title).toBe("Document editor");
    const own = mounted.frame.contentWindow;
    post(own, APP, sent);
    expect(onEvent).toHaveBeenCalledExactlyOnceWith({
      type: "sent",
      payload: { envelopeUuid: UUID },
    });
    post(own, "https://evil.example", sent);
    post(window, APP, sent);
    post(own, APP, { ...sent, payload: {} });
    post(own, APP, { ...sent, type: "signed" });
    post(own, APP, {
      source: "paraphe",
      version: 1,
      type: "saved",
      payload: { kind: "x", uuid: UUID },
    });
    expect(onEvent).toHaveBeenCalledOnce();
    mounted.destroy();
    post(own, APP, sent);
    expect(onEvent).toHaveBeenCalledOnce();
  });
});

describe("<paraphe-editor>", () => {
  defineParapheEditor();

  it("frames the editor of its attributes and dispatches each event as a DOM event", () => {
    const element = document.createElement("paraphe-editor");
    element.setAttribute("app-url", APP);
    element.setAttribute("token", TOKEN);
    element.setAttribute("envelope-uuid", UUID);
    const saved = vi.fn();
    element.addEventListener("paraphe-saved", (event) => saved((event as CustomEvent).detail));
    document.body.appendChild(element);
    const frame = element.frame;
    expect(frame?.src).toContain(`/embed/edit/${ACCESS_KEY}#`);
    post(frame?.contentWindow ?? null, APP, {
      source: "paraphe",
      version: 1,
      type: "saved",
      payload: { kind: "envelope", uuid: UUID },
    });
    expect(saved).toHaveBeenCalledExactlyOnceWith({ kind: "envelope", uuid: UUID });
  });

  it("tells an invalid token by an error event", () => {
    const element = document.createElement("paraphe-editor");
    const errors = vi.fn();
    element.addEventListener("paraphe-error", (event) => errors((event as CustomEvent).detail));
    element.setAttribute("app-url", APP);
    element.setAttribute("envelope-uuid", UUID);
    element.setAttribute("token", "nonsense");
    document.body.appendChild(element);
    expect(errors).toHaveBeenCalledWith({ code: "invalidOptions" });
    expect(element.frame).toBeNull();
  });
});
