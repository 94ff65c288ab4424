import { describe, expect, it } from "vitest";
import { readConfig } from "./config";
import { publicSiteLinks } from "./public-site";

describe("readConfig", () => {
  it("defaults to the local api and the public website", () => {
    expect(readConfig({})).toEqual({
      apiUrl: "http://localhost:3000",
      publicSiteUrl: "https://paraphe.org",
      signUrl: "http://localhost:5174",
      appCredential: { accessKey: "paraphe-web", secretKey: "paraphe-web-app-credential" },
    });
  });

  it("reads VITE_API_URL and VITE_PUBLIC_SITE_URL, without a trailing slash", () => {
    expect(
      readConfig({
        VITE_API_URL: "https://api.example.com/",
        VITE_PUBLIC_SITE_URL: "https://www.example.com/",
      }),
    ).toEqual({
      apiUrl: "https://api.example.com",
      publicSiteUrl: "https://www.example.com",
      signUrl: "http://localhost:5174",
      appCredential: { accessKey: "paraphe-web", secretKey: "paraphe-web-app-credential" },
    });
  });

  it("uses VITE_APP_ACCESS_KEY and VITE_APP_SECRET_KEY only when both are set", () => {
    expect(
      readConfig({ VITE_APP_ACCESS_KEY: "web-2", VITE_APP_SECRET_KEY: "s2" }).appCredential,
    ).toEqual({ accessKey: "web-2", secretKey: "s2" });
    expect(readConfig({ VITE_APP_ACCESS_KEY: "web-2" }).appCredential.accessKey).toBe(
      "paraphe-web",
    );
  });
});

describe("publicSiteLinks", () => {
  it("points to the pages of a language", () => {
    expect(publicSiteLinks("https://paraphe.org", "fr")).toEqual({
      home: "https://paraphe.org/fr/",
      privacy: "https://paraphe.org/fr/privacy",
      signatureLegality: "https://paraphe.org/fr/signature-legality",
    });
  });

  it("configures the Google Drive import only when both its client id and app id are set", () => {
    expect(readConfig({}).googleDrive).toBeUndefined();
    expect(readConfig({ VITE_GOOGLE_CLIENT_ID: "client.apps" }).googleDrive).toBeUndefined();
    expect(readConfig({ VITE_GOOGLE_APP_ID: "123456" }).googleDrive).toBeUndefined();
    expect(
      readConfig({ VITE_GOOGLE_CLIENT_ID: "client.apps", VITE_GOOGLE_APP_ID: "123456" })
        .googleDrive,
    ).toEqual({ clientId: "client.apps", appId: "123456", apiKey: undefined });
    expect(
      readConfig({
        VITE_GOOGLE_CLIENT_ID: "client.apps",
        VITE_GOOGLE_APP_ID: "123456",
        VITE_GOOGLE_API_KEY: "browser-key",
      }).googleDrive?.apiKey,
    ).toBe("browser-key");
  });

  it("reads VITE_SUPPORT_WIDGET_URL, and has no support widget without it", () => {
    expect(readConfig({}).supportWidgetUrl).toBeUndefined();
    expect(
      readConfig({ VITE_SUPPORT_WIDGET_URL: "https://chat.example.com/paraphe" }).supportWidgetUrl,
    ).toBe("https://chat.example.com/paraphe");
  });
});
