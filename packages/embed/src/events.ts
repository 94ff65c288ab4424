import { frameEventOf, isString } from "./frame-message";

/** The events of the embedded signing page, with their payloads. */
export interface SigningEventMap {
  /** The page shows: the envelope's title (`kind: "sign"`) or the template's (`"direct"`). */
  ready: { kind: "sign" | "direct"; title: string };
  /** A page was read: how many of the envelope's pages the signer has read so far. */
  pageRead: { pagesRead: number; pageCount: number };
  /** The signer signed. */
  signed: { envelopeUuid: string };
  /** The signer's signature was the last one: the envelope is complete (sealing follows). */
  completed: { envelopeUuid: string };
  /** The signer declined. */
  declined: { envelopeUuid: string };
  /**
   * The page cannot be used: `notFound`, `invalidLink` (invalid or expired), `delegated`,
   * `unavailable`, `generic`; a direct link's `off`, `usedUp`, `tooMany`, `planLimit`, `failed`;
   * `invalidUrl` (the component's: not a Paraphe signing link).
   */
  error: { code: string };
}

export type SigningEventName = keyof SigningEventMap;

/** One event, as the signing page posts it. */
export type SigningEvent = {
  [K in SigningEventName]: { type: K; payload: SigningEventMap[K] };
}[SigningEventName];

/** The names of the events, in the order a signing usually goes. */
export const SIGNING_EVENT_NAMES: readonly SigningEventName[] = [
  "ready",
  "pageRead",
  "signed",
  "completed",
  "declined",
  "error",
];

const isCount = (value: unknown): value is number => Number.isSafeInteger(value);

/** Whether a payload has the shape of its event's. */
function payloadOf(type: SigningEventName, payload: Record<string, unknown>): boolean {
  switch (type) {
    case "ready":
      return (payload.kind === "sign" || payload.kind === "direct") && isString(payload.title);
    case "pageRead":
      return isCount(payload.pagesRead) && isCount(payload.pageCount);
    case "signed":
    case "completed":
    case "declined":
      return isString(payload.envelopeUuid);
    case "error":
      return isString(payload.code);
  }
}

/**
 * The signing event a message carries, or null: only a message from `frame` (the frame the
 * component made, compared by `event.source`) and from the signing site's `origin`, with the
 * shape of one of the events.
 */
export function signingEventOf(
  event: MessageEvent,
  frame: Window | null,
  origin: string,
): SigningEvent | null {
  return frameEventOf<SigningEvent>(event, frame, origin, SIGNING_EVENT_NAMES, payloadOf);
}
