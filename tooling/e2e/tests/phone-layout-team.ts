import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { BrowserContext } from "@playwright/test";

/** A recipient whose name is long and not ASCII, as in the report of the cut names. */
export const SIGNER = { firstname: "Zoë", lastname: "Łukasiewicz" };
export const SIGNER_NAME = `${SIGNER.firstname} ${SIGNER.lastname}`;

/**
 * The team whose pages phone-layout.spec.ts lays out: made once for the whole run by
 * `phone-layout.setup.ts` (a project the layout tests depend on) with a sent envelope, a draft, a
 * contact and a pending invitation; every test opens a context with its session.
 */
export interface PhoneLayoutTeam {
  storageState: Awaited<ReturnType<BrowserContext["storageState"]>>;
  /** A draft with {@link SIGNER} as recipient. */
  editUrl: string;
  /** A sent envelope (`/envelopes/{workspaceUuid}/{envelopeUuid}/view`). */
  viewUrl: string;
  workspaceUuid: string;
  contactUrl: string;
  signerEmail: string;
}

/** Where the setup project leaves the team for the layout tests (ignored by git). */
export const PHONE_LAYOUT_TEAM_FILE = resolve(
  import.meta.dirname,
  "../.cache/phone-layout-team.json",
);

/** The team the setup project made (it ran first: the layout tests' project depends on it). */
export function readPhoneLayoutTeam(): PhoneLayoutTeam {
  return JSON.parse(readFileSync(PHONE_LAYOUT_TEAM_FILE, "utf8")) as PhoneLayoutTeam;
}
