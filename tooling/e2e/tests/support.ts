import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Page, TestInfo } from "@playwright/test";

export const WEB_URL = "http://localhost:5173";
export const SIGN_URL = "http://localhost:5174";
export const API_URL = "http://localhost:3000";

const screensDir = resolve(import.meta.dirname, "../test-results/screens");

/** Keeps a full-page screenshot of what the test saw, as a test artifact. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  mkdirSync(screensDir, { recursive: true });
  const path = resolve(screensDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}
