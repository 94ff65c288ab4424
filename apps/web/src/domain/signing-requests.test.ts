import { describe, expect, it } from "vitest";
import { signingRequest } from "../test/api";
import { requestCardStatus, signingLinkOf, sortRequests } from "./signing-requests";

describe("signing requests", () => {
  it("maps recipient statuses to card statuses as spec §4 says", () => {
    expect(requestCardStatus("pending")).toBe("signing");
    expect(requestCardStatus("approved")).toBe("complete");
    expect(requestCardStatus("signed")).toBe("complete");
    expect(requestCardStatus("declined")).toBe("declined");
    expect(requestCardStatus("canceled")).toBe("declined");
    expect(requestCardStatus("something-new")).toBe("complete");
  });

  it("lists pending requests first, keeping the api's order within each group", () => {
    const a = signingRequest({ envelopeTitle: "A", recipientStatus: "signed" });
    const b = signingRequest({ envelopeTitle: "B", recipientStatus: "pending" });
    const c = signingRequest({ envelopeTitle: "C", recipientStatus: "declined" });
    const d = signingRequest({ envelopeTitle: "D", recipientStatus: "pending" });
    expect(sortRequests([a, b, c, d]).map((request) => request.envelopeTitle)).toEqual([
      "B",
      "D",
      "A",
      "C",
    ]);
  });

  it("puts the token and the secret of the link in the fragment", () => {
    const link = signingLinkOf(signingRequest(), "https://sign.example.com");
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe(
      "https://sign.example.com/sign/7e2a3b4c-3333-4c4c-ac4c-000000000001",
    );
    expect(url.search).toBe("");
    expect(new URLSearchParams(url.hash.slice(1)).get("secret")).toBe("sec_0123456789abcdef");
  });
});
