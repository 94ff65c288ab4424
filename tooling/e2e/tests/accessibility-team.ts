import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { BrowserContext } from "@playwright/test";

/**
 * The team the accessibility visits sign in as: signed up once for the whole run by
 * `accessibility.setup.ts` (in the setup project, which the seeded-teams project waits for), with a draft being
 * edited, an envelope sent to a signer, a contact and an active template. Every visit then opens a
 * context with its session instead of signing in again.
 */
export interface AccessibilityTeam {
  storageState: Awaited<ReturnType<BrowserContext["storageState"]>>;
  editUrl: string;
  viewUrl: string;
  signerEmail: string;
  /** A contact's page (`/contacts/{workspaceUuid}/{email}`). */
  contactUrl: string;
  /** An active template's editor (one role with a signature field). */
  templateEditUrl: string;
}

/** Where the setup project leaves the team for the accessibility visits (ignored by git). */
export const ACCESSIBILITY_TEAM_FILE = resolve(
  import.meta.dirname,
  "../.cache/accessibility-team.json",
);

/** The team the setup project signed up (it ran first: the seeded-teams project depends on it). */
export function readAccessibilityTeam(): AccessibilityTeam {
  return JSON.parse(readFileSync(ACCESSIBILITY_TEAM_FILE, "utf8")) as AccessibilityTeam;
}
