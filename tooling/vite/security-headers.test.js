import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  contentSecurityPolicyDirectives,
  securityHeaders,
  staticHostHeadersFile,
} from "./security-headers.js";

/** The policy as a map from directive name to its sources. */
function parse(policy) {
  return new Map(
    policy.split(";").map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe("contentSecurityPolicy", () => {
  it("allows scripts of the app's origin only: no inline script, no eval", () => {
    const policy = parse(contentSecurityPolicy());
    expect(policy.get("script-src")).toEqual(["'self'"]);
    expect(policy.get("default-src")).toEqual(["'none'"]);
    for (const sources of policy.values()) {
      expect(sources).not.toContain("'unsafe-eval'");
      expect(sources).not.toContain("*");
    }
  });

  it("limits calls to the app and the api origin of the build, and images to the api's public pictures and teams' logos", () => {
    const policy = parse(contentSecurityPolicy({ apiUrl: "https://api.paraphe.example/v1/" }));
    expect(policy.get("connect-src")).toEqual(["'self'", "https://api.paraphe.example"]);
    expect(policy.get("img-src")).toEqual([
      "'self'",
      "data:",
      "https://api.paraphe.example/v1/public/avatars/",
      "https://api.paraphe.example/v1/public/team-logos/",
    ]);
  });

  it("uses the apps' default api address when VITE_API_URL is unset or empty", () => {
    for (const apiUrl of [undefined, ""]) {
      expect(parse(contentSecurityPolicy({ apiUrl })).get("connect-src")).toEqual([
        "'self'",
        "http://localhost:3000",
      ]);
    }
  });

  it("forbids framing, plugins, foreign base and form targets, and enforces Trusted Types with no policy", () => {
    const policy = parse(contentSecurityPolicy());
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("require-trusted-types-for")).toEqual(["'script'"]);
    expect(policy.get("trusted-types")).toEqual(["'none'"]);
  });

  it("frames nothing unless the support widget is configured, and then its origin only", () => {
    expect(parse(contentSecurityPolicy()).get("frame-src")).toEqual(["'none'"]);
    expect(
      parse(contentSecurityPolicy({ frameUrls: { VITE_SUPPORT_WIDGET_URL: "" } })).get("frame-src"),
    ).toEqual(["'none'"]);
    const policy = parse(
      contentSecurityPolicy({
        frameUrls: { VITE_SUPPORT_WIDGET_URL: "https://chat.example.com/widget?team=1" },
      }),
    );
    expect(policy.get("frame-src")).toEqual(["https://chat.example.com"]);
    expect(policy.get("script-src")).toEqual(["'self'"]);
  });

  it("refuses a support widget address that is not an http(s) URL", () => {
    for (const value of ["chat.example.com", "javascript:alert(1)", "https://u:p@chat.example"]) {
      expect(() =>
        contentSecurityPolicy({ frameUrls: { VITE_SUPPORT_WIDGET_URL: value } }),
      ).toThrow(/VITE_SUPPORT_WIDGET_URL/);
    }
  });

  it("names the telemetry collector's origin in connect-src only in a build that has one", () => {
    const without = contentSecurityPolicy({ apiUrl: "https://api.paraphe.example" });
    expect(contentSecurityPolicy({ apiUrl: "https://api.paraphe.example", telemetryUrl: "" })).toBe(
      without,
    );
    const policy = parse(
      contentSecurityPolicy({
        apiUrl: "https://api.paraphe.example",
        telemetryUrl: "https://faro.paraphe.example/collect/abc123?x=1",
      }),
    );
    expect(policy.get("connect-src")).toEqual([
      "'self'",
      "https://api.paraphe.example",
      "https://faro.paraphe.example",
    ]);
    // Nothing else changes.
    const others = [...parse(without)].filter(([name]) => name !== "connect-src");
    expect(others).toEqual([...policy].filter(([name]) => name !== "connect-src"));
    expect(
      parse(
        securityHeaders({ telemetryUrl: "https://faro.paraphe.example/collect" })[
          "Content-Security-Policy"
        ],
      ).get("connect-src"),
    ).toContain("https://faro.paraphe.example");
  });

  it("refuses a telemetry collector that is not an absolute http(s) URL", () => {
    expect(() => contentSecurityPolicy({ telemetryUrl: "/collect" })).toThrow(/VITE_TELEMETRY_URL/);
    expect(() => contentSecurityPolicy({ telemetryUrl: "javascript:alert(1)" })).toThrow(
      /VITE_TELEMETRY_URL/,
    );
  });

  it("opens nothing to Google unless the Google Drive import is configured", () => {
    const policy = contentSecurityPolicy();
    expect(policy).not.toMatch(/google/);
    expect(contentSecurityPolicy({ googleDrive: false })).toBe(policy);
  });

  it("with the Google Drive import, allows exactly its scripts, the Drive API, the Picker's frame and their Trusted Types policies", () => {
    const policy = parse(
      contentSecurityPolicy({
        apiUrl: "https://api.paraphe.example",
        googleDrive: true,
        frameUrls: { VITE_SUPPORT_WIDGET_URL: "https://chat.example.com/widget" },
      }),
    );
    expect(policy.get("script-src")).toEqual([
      "'self'",
      "https://accounts.google.com",
      "https://apis.google.com",
    ]);
    expect(policy.get("connect-src")).toEqual([
      "'self'",
      "https://api.paraphe.example",
      "https://www.googleapis.com",
    ]);
    expect(policy.get("frame-src")).toEqual([
      "https://chat.example.com",
      "https://docs.google.com",
    ]);
    expect(policy.get("trusted-types")).toEqual([
      "paraphe#google-drive-scripts",
      "goog#html",
      "'allow-duplicates'",
    ]);
    expect(policy.get("require-trusted-types-for")).toEqual(["'script'"]);
    expect(policy.get("img-src")).toEqual([
      "'self'",
      "data:",
      "https://api.paraphe.example/public/avatars/",
      "https://api.paraphe.example/public/team-logos/",
    ]);
    expect(policy.get("default-src")).toEqual(["'none'"]);
  });

  it("relaxes styles for style elements only, never for style attributes, and fonts stay on the app's origin", () => {
    const policy = parse(contentSecurityPolicy());
    expect(policy.get("style-src-elem")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get("style-src-attr")).toEqual(["'none'"]);
    expect(policy.get("font-src")).toEqual(["'self'"]);
  });

  it("names every directive once", () => {
    const names = contentSecurityPolicyDirectives().map((directive) => directive.split(" ")[0]);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each([
    ["a relative address", "/api"],
    ["another scheme", "ftp://api.paraphe.example"],
    ["a query that would break out of the policy", "https://api.paraphe.example/?a=1;script-src *"],
    ["a source list injected through spaces", "https://api.paraphe.example *"],
    ["a directive injected through its path", "https://api.paraphe.example/a;script-src"],
  ])("refuses an api address with %s", (_label, apiUrl) => {
    expect(() => contentSecurityPolicy({ apiUrl })).toThrow(/VITE_API_URL/);
  });
});

describe("securityHeaders", () => {
  it("sends no referrer from the signing app and sniffs no content type", () => {
    const headers = securityHeaders({ referrerPolicy: "no-referrer" });
    expect(headers["Referrer-Policy"]).toBe("no-referrer");
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Content-Security-Policy"]).toBe(contentSecurityPolicy());
  });

  it("keeps the origin-only referrer for the web app by default", () => {
    expect(securityHeaders()["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
  });
});

describe("staticHostHeadersFile", () => {
  it("writes every header once, for every path, in the _headers format", () => {
    const headers = securityHeaders({ apiUrl: "https://api.paraphe.example" });
    const file = staticHostHeadersFile(headers);
    const lines = file.split("\n");
    expect(lines).toContain("/*");
    for (const [name, value] of Object.entries(headers)) {
      expect(lines).toContain(`  ${name}: ${value}`);
    }
  });

  it("refuses a header value that would start another line", () => {
    expect(() => staticHostHeadersFile({ "X-Test": "a\n/evil" })).toThrow(/one line/);
  });
});
