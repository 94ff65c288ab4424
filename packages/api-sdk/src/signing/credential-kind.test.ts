import { describe, expect, it } from "vitest";
import { credentialKindForPath } from "./credential-kind";

describe("credentialKindForPath (spec §6)", () => {
  it.each([
    "/user/profile",
    "/envelope/list-requests",
    "/envelope/create",
    "/workspace/list",
    "/contact/save",
    "/passkey/register",
    "/team/members",
    "/template/list",
    "/sso/save",
    "/api-key/create",
    "/authentication/list-sessions",
    "/authentication/terminate-sessions",
    "/user",
    "/envelope/list-requests?page=2",
    "team/members",
  ])("signs %s with the session credential", (path) => {
    expect(credentialKindForPath(path)).toBe("session");
  });

  it.each([
    "/envelope/open",
    "/envelope/download-signer-document",
    "/envelope/mark-page-read",
    "/envelope/sign",
    "/envelope/decline",
    "/envelope/approve",
    "/envelope/reject",
    "/team/accept-invite",
    "/team/view-invite",
    "/envelope/sign?lang=fr",
    "/authentication/login",
    "/authentication/verify-code",
    "/auth/oidc/start",
    "/auth/oidc/callback",
    "/tunnel/session",
    "/health",
    "/",
  ])("signs %s with the app-level credential", (path) => {
    expect(credentialKindForPath(path)).toBe("app");
  });

  it("matches whole path segments only", () => {
    expect(credentialKindForPath("/users/lookup")).toBe("app");
    expect(credentialKindForPath("/teams")).toBe("app");
    expect(credentialKindForPath("/envelope/signature-fields")).toBe("session");
    expect(credentialKindForPath("/envelope/opened-list")).toBe("session");
  });
});
