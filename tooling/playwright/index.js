import { existsSync } from "node:fs";

/** Flags that keep Debian's Chromium quiet on a machine without internet access. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * The browser used by every Playwright suite: `PARAPHE_CHROMIUM` when set, otherwise Debian's
 * Chromium headless shell (what Playwright runs headless tests in; a tenth less CPU than the full
 * browser), or its full Chromium. Playwright's own browser download is never used.
 */
export function chromiumExecutable() {
  const fromEnv = process.env.PARAPHE_CHROMIUM;
  if (fromEnv) return fromEnv;
  for (const candidate of [
    "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
  ]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(
    "No Chromium found: install Debian's chromium-headless-shell package or set PARAPHE_CHROMIUM to a Chromium binary.",
  );
}

/** `use` options for a Playwright project that drives Debian's Chromium. */
export function chromiumUse() {
  return {
    browserName: "chromium",
    launchOptions: { executablePath: chromiumExecutable(), args: chromiumArgs },
    screenshot: "on",
    trace: "retain-on-failure",
  };
}
