import { describe, expect, it } from "vitest";
import { teamlessReturnPath } from "./return-path";

const from = (pathname: string, search = "") => ({ from: { pathname, search, hash: "" } });

describe("teamlessReturnPath", () => {
  it("brings a person without a team back to the invitation they were accepting", () => {
    expect(teamlessReturnPath(from("/accept-team-invite", "?token=abc"))).toBe(
      "/accept-team-invite?token=abc",
    );
  });

  it("sends a person without a team to onboarding from any other page", () => {
    expect(teamlessReturnPath(from("/envelopes"))).toBe("/onboarding/team");
    expect(teamlessReturnPath(null)).toBe("/onboarding/team");
  });
});
