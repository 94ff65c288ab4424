import { afterEach, describe, expect, it, vi } from "vitest";
import { parseEmbeddedEditorOptions, postEditorEvent } from "./embedded-editor-page";

const ACCESS_KEY = `pet_${"a".repeat(32)}`;
const TOKEN = `${ACCESS_KEY}.${"b".repeat(43)}`;
const UUID = "0b7c3f5e-1d2a-4c6b-9e8f-1a2b3c4d5e6f";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the embedded editor's fragment", () => {
  it("gives the token of the path's access key, the embedding origin, the language and the document", () => {
    const fragment = new URLSearchParams({
      token: TOKEN,
      origin: "https://portal.example",
      lng: "fr",
      envelope: UUID.toUpperCase(),
    }).toString();
    expect(parseEmbeddedEditorOptions(`#${fragment}`, ACCESS_KEY)).toEqual({
      token: TOKEN,
      origin: "https://portal.example",
      language: "fr",
      document: { kind: "envelope", uuid: UUID },
    });
  });

  it("drops a token of another access key, an origin with a path, an unknown language or document", () => {
    const fragment = new URLSearchParams({
      token: TOKEN,
      origin: "https://portal.example/page",
      lng: "de",
      template: "nope",
    }).toString();
    expect(parseEmbeddedEditorOptions(fragment, `pet_${"z".repeat(32)}`)).toEqual({
      token: null,
      origin: null,
      language: null,
      document: null,
    });
  });
});

describe("the embedded editor's events", () => {
  it("go to the embedding origin only, never to any origin, and nowhere outside a frame", () => {
    const parent = { postMessage: vi.fn() };
    vi.spyOn(window, "parent", "get").mockReturnValue(parent as unknown as Window);
    postEditorEvent("https://portal.example", { type: "sent", payload: { envelopeUuid: UUID } });
    expect(parent.postMessage).toHaveBeenCalledExactlyOnceWith(
      { source: "paraphe", version: 1, type: "sent", payload: { envelopeUuid: UUID } },
      "https://portal.example",
    );
    postEditorEvent(null, { type: "error", payload: { code: "generic" } });
    expect(parent.postMessage).toHaveBeenCalledOnce();

    vi.spyOn(window, "parent", "get").mockReturnValue(window);
    const own = vi.spyOn(window, "postMessage");
    postEditorEvent("https://portal.example", { type: "error", payload: { code: "generic" } });
    expect(own).not.toHaveBeenCalled();
  });
});
