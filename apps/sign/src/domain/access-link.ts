import type { AccessLink } from "../lib/api";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a signing path names an envelope at all (a UUID): other paths are not found. */
export function isEnvelopeUuid(value: string): boolean {
  return UUID.test(value);
}

/** Where the link of an envelope is kept for a reload of the tab (never in the address). */
const storageKey = (envelopeUuid: string) => `paraphe.sign.link.${envelopeUuid}`;

/**
 * Links read in this page's life, for browsers that refuse session storage (a second read, as
 * React's strict mode does, must still find the link).
 */
const taken = new Map<string, AccessLink>();

/** Links the tab forgot (`forgetAccessLink`), kept for the rest of the page's life only. */
const forgotten = new Map<string, AccessLink>();

function readStored(envelopeUuid: string): AccessLink | null {
  try {
    const raw = window.sessionStorage.getItem(storageKey(envelopeUuid));
    if (!raw) return null;
    const value = JSON.parse(raw) as { token?: unknown; secretKey?: unknown };
    if (typeof value.token !== "string" || typeof value.secretKey !== "string") return null;
    return { envelopeUuid, token: value.token, secretKey: value.secretKey };
  } catch {
    return taken.get(envelopeUuid) ?? null;
  }
}

/**
 * The access link of `/sign/{envelopeUuid}#token=...&secret=...` (ARCHITECTURE §6: the secret
 * travels in the fragment so that it never reaches a server log). Read once: the fragment is then
 * removed from the address bar and the tab's history entry (replaced, so back and forward never
 * show it; bookmarks, screenshots) and kept in this tab's session storage while the recipient has
 * something to do, so that a reload still works (`forgetAccessLink` once they are done). Without a
 * fragment, the stored link of that envelope.
 */
export function takeAccessLink(envelopeUuid: string): AccessLink | null {
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ""));
  const token = fragment.get("token");
  const secretKey = fragment.get("secret");
  if (fragment.size > 0) {
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, "", pathname + search);
  }
  if (token && secretKey) {
    taken.set(envelopeUuid, { envelopeUuid, token, secretKey });
    try {
      window.sessionStorage.setItem(storageKey(envelopeUuid), JSON.stringify({ token, secretKey }));
    } catch {
      // Private mode without storage: the link still works until the tab is reloaded.
    }
    return { envelopeUuid, token, secretKey };
  }
  return readStored(envelopeUuid);
}

/**
 * The stored link of an envelope, or the one this page forgot (the confirmation page's download).
 */
export function storedAccessLink(envelopeUuid: string): AccessLink | null {
  return readStored(envelopeUuid) ?? forgotten.get(envelopeUuid) ?? null;
}

/**
 * Forgets the stored link of an envelope once its recipient is done with it (signed, approved,
 * declined, or the envelope ended): the tab's session storage no longer holds its secret, so a
 * reload or anyone later at this tab cannot open it again without the mail. This page keeps it in
 * memory until it is left, for the confirmation's download only.
 */
export function forgetAccessLink(envelopeUuid: string): void {
  const link = readStored(envelopeUuid);
  if (link !== null) forgotten.set(envelopeUuid, link);
  taken.delete(envelopeUuid);
  try {
    window.sessionStorage.removeItem(storageKey(envelopeUuid));
  } catch {
    // Storage unavailable: nothing was kept there.
  }
}
