import { afterEach, describe, expect, it, vi } from "vitest";
import { parseEmbedOptions } from "./embed";

describe("the embedding page's options", () => {
  it("reads the language, the visitor, declining and the theme from the fragment", () => {
    const options = parseEmbedOptions(
      "#token=t&secret=s&origin=https%3A%2F%2Fapp.example&lng=fr&firstname=Ada&lastname=Lovelace" +
        "&email=ada%40example.com&lock=1&decline=0&primary=%23112233&radius=4px&font=Inter",
    );
    expect(options).toEqual({
      origin: "https://app.example",
      language: "fr",
      firstname: "Ada",
      lastname: "Lovelace",
      email: "ada@example.com",
      lock: true,
      allowDecline: false,
      theme: {
        "--color-brand-500": "#112233",
        "--color-brand-600": "#112233",
        "--radius-control": "4px",
        "--radius-card": "4px",
        "--font-sans": '"Inter", ui-sans-serif, system-ui, sans-serif',
      },
    });
  });

  it("drops what is not a plain origin, an unknown language and unsafe theme values", () => {
    const options = parseEmbedOptions(
      "#origin=*&lng=de&primary=red;x&radius=calc(1px)&font=a%22%3Bb&text=%23zzzzzz",
    );
    expect(options.origin).toBeNull();
    expect(options.language).toBeNull();
    expect(options.theme).toEqual({});
    expect(options.allowDecline).toBe(true);
    expect(parseEmbedOptions("#origin=http%3A%2F%2Fevil.example").origin).toBeNull();
    expect(parseEmbedOptions("#origin=https%3A%2F%2Fa.example%2Fpath").origin).toBeNull();
  });
});

describe("the events posted to the embedding page", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
    window.sessionStorage.clear();
    window.history.replaceState(null, "", "/");
  });

  async function framedAt(path: string, parent: { postMessage: (...args: unknown[]) => void }) {
    window.history.replaceState(null, "", path);
    vi.spyOn(window, "parent", "get").mockReturnValue(parent as unknown as Window);
    return import("./embed");
  }

  it("go to the embedding page's origin only, never to *", async () => {
    const postMessage = vi.fn();
    const embed = await framedAt(
      "/embed/sign/x#token=t&secret=s&origin=https%3A%2F%2Fapp.example",
      { postMessage },
    );
    expect(embed.embedding().embedded).toBe(true);
    embed.postEmbedEvent({ type: "signed", payload: { envelopeUuid: "x" } });
    expect(postMessage).toHaveBeenCalledWith(
      { source: "paraphe", version: 1, type: "signed", payload: { envelopeUuid: "x" } },
      "https://app.example",
    );
  });

  it("are not posted without an origin, or outside an embedded path", async () => {
    const postMessage = vi.fn();
    const noOrigin = await framedAt("/embed/sign/x#token=t&secret=s", { postMessage });
    noOrigin.postEmbedEvent({ type: "error", payload: { code: "notFound" } });
    vi.resetModules();
    const plain = await framedAt("/sign/x#origin=https%3A%2F%2Fapp.example", { postMessage });
    expect(plain.embedding().embedded).toBe(false);
    plain.postEmbedEvent({ type: "error", payload: { code: "notFound" } });
    expect(postMessage).not.toHaveBeenCalled();
  });
});
