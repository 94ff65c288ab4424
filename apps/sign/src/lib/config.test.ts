import { describe, expect, it } from "vitest";
import { readConfig } from "./config";

describe("readConfig", () => {
  it("defaults to a local run: api on 3000, web app login on 5173, public website", () => {
    expect(readConfig({})).toEqual({
      apiUrl: "http://localhost:3000",
      webUrl: "http://localhost:5173/login",
      publicSiteUrl: "https://paraphe.org",
      appCredential: { accessKey: "paraphe-sign", secretKey: "paraphe-sign-app-credential" },
    });
  });

  it("reads VITE_API_URL, VITE_WEB_URL and VITE_PUBLIC_SITE_URL", () => {
    expect(
      readConfig({
        VITE_API_URL: "https://api.example.com/",
        VITE_WEB_URL: "https://app.example.com/login",
        VITE_PUBLIC_SITE_URL: "https://www.example.com/",
        VITE_APP_ACCESS_KEY: "sign-prod",
        VITE_APP_SECRET_KEY: "sign-prod-secret",
      }),
    ).toEqual({
      apiUrl: "https://api.example.com",
      webUrl: "https://app.example.com/login",
      publicSiteUrl: "https://www.example.com",
      appCredential: { accessKey: "sign-prod", secretKey: "sign-prod-secret" },
    });
  });
});
