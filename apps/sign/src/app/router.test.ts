import { describe, expect, it } from "vitest";
import { matchRoute } from "./router";

describe("the signing app's routes", () => {
  it("reads the envelope of a signing path, with or without a trailing slash", () => {
    expect(matchRoute("/sign/abc-123")).toEqual({ name: "sign", envelopeUuid: "abc-123" });
    expect(matchRoute("/sign/abc-123/")).toEqual({ name: "sign", envelopeUuid: "abc-123" });
    expect(matchRoute("/sign/a%2Db")).toEqual({ name: "sign", envelopeUuid: "a-b" });
  });

  it("reads the same pages under /embed (in a frame of an allowed site)", () => {
    expect(matchRoute("/embed/sign/abc-123")).toEqual({ name: "sign", envelopeUuid: "abc-123" });
    const token = "A".repeat(32);
    expect(matchRoute(`/embed/d/${token}`)).toEqual({ name: "direct", token });
    for (const path of ["/embed", "/embed/", "/embed/confirmation", "/embed/embed/sign/x"]) {
      expect(matchRoute(path)).toEqual({ name: "notFound" });
    }
  });

  it("knows where the qualified provider sends a signer back, never in a frame", () => {
    expect(matchRoute("/qes/callback")).toEqual({ name: "qesCallback" });
    expect(matchRoute("/embed/qes/callback")).toEqual({ name: "notFound" });
  });

  it("knows the confirmation path", () => {
    expect(matchRoute("/confirmation")).toEqual({ name: "confirmation" });
    expect(matchRoute("/confirmation/")).toEqual({ name: "confirmation" });
  });

  it("finds nothing at any other path, or at a malformed one", () => {
    for (const path of ["/", "/sign", "/sign/", "/sign/a/b", "/confirmation/x", "/sign/%E0%A4%A"]) {
      expect(matchRoute(path)).toEqual({ name: "notFound" });
    }
  });
});
