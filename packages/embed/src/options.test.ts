import { describe, expect, it } from "vitest";
import { signingFrameAddress } from "./options";

const ACCESS =
  "https://sign.example/sign/0b7c3f5e-1d2a-4c6b-9e8f-1a2b3c4d5e6f#token=tok&secret=sec";
const DIRECT = `https://sign.example/d/${"A".repeat(32)}`;

describe("the frame's address", () => {
  it("is the link's page under /embed, with the options in the fragment only", () => {
    const { src, origin } = signingFrameAddress(
      {
        url: ACCESS,
        language: "fr",
        allowDecline: false,
        theme: { primary: "#112233", radius: "6px", font: "Inter" },
      },
      "https://app.example",
    );
    expect(origin).toBe("https://sign.example");
    const url = new URL(src);
    expect(url.pathname).toBe("/embed/sign/0b7c3f5e-1d2a-4c6b-9e8f-1a2b3c4d5e6f");
    expect(url.search).toBe("");
    expect(Object.fromEntries(new URLSearchParams(url.hash.slice(1)))).toEqual({
      token: "tok",
      secret: "sec",
      origin: "https://app.example",
      lng: "fr",
      decline: "0",
      primary: "#112233",
      radius: "6px",
      font: "Inter",
    });
  });

  it("carries a direct link's visitor, locked", () => {
    const { src } = signingFrameAddress(
      {
        url: DIRECT,
        signer: { firstname: "Ada", lastname: "Lovelace", email: "a@x.example", lock: true },
      },
      "https://app.example",
    );
    const url = new URL(src);
    expect(url.pathname).toBe(`/embed/d/${"A".repeat(32)}`);
    const fragment = new URLSearchParams(url.hash.slice(1));
    expect(fragment.get("firstname")).toBe("Ada");
    expect(fragment.get("email")).toBe("a@x.example");
    expect(fragment.get("lock")).toBe("1");
    expect(fragment.has("decline")).toBe(false);
  });

  it("refuses what is not a signing link, an access link without its secret, a bad theme", () => {
    const origin = "https://app.example";
    for (const url of [
      "not a url",
      "https://sign.example/",
      "https://sign.example/confirmation",
      "javascript:alert(1)//sign/x",
      "https://sign.example/sign/x#token=t",
    ]) {
      expect(() => signingFrameAddress({ url }, origin), url).toThrow(TypeError);
    }
    expect(() => signingFrameAddress({ url: ACCESS, theme: { primary: "red" } }, origin)).toThrow(
      TypeError,
    );
    expect(() =>
      signingFrameAddress({ url: ACCESS, theme: { font: 'x"; color: red' } }, origin),
    ).toThrow(TypeError);
  });
});
