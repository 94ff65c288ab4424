/**
 * Embedded preparing: Paraphe's document editor in a frame of the team's own site, opened with a
 * short-lived token the team's server asked for (`POST /embed/create-token` with its API key). The
 * token and the options travel in the frame address's fragment, which the browser never sends to a
 * server; the editor reads them once and removes them from the address.
 */

import { mountFrame, type MountedFrame } from "./frame";
import { frameEventOf, isString } from "./frame-message";

/** What the embedding page gives the editor. */
export interface EditorOptions {
  /** The web app's address, e.g. `https://app.paraphe.example`. */
  appUrl: string;
  /** The token `POST /embed/create-token` answered (`pet_...`): one draft or one template. */
  token: string;
  /** The draft envelope the token was made for (give this or `templateUuid`). */
  envelopeUuid?: string | undefined;
  /** The template the token was made for (give this or `envelopeUuid`). */
  templateUuid?: string | undefined;
  /** The editor's language; the person's browser language when absent. */
  language?: "en" | "fr" | undefined;
}

/** The events of the embedded editor, with their payloads. */
export interface EditorEventMap {
  /** The editor shows the document. */
  ready: { kind: "envelope" | "template"; uuid: string };
  /** A change was saved (fields, recipients or roles, options, title). */
  saved: { kind: "envelope" | "template"; uuid: string };
  /** The draft was sent: its recipients are invited. */
  sent: { envelopeUuid: string };
  /**
   * Something failed: an api error code (`AUTHENTICATION_ERROR` once the token has expired,
   * `FORBIDDEN`, `VALIDATION_ERROR`, ...), `invalidToken` (the editor's: no usable token or
   * document), `generic`, or `invalidOptions` (the component's: a token or address it cannot use).
   */
  error: { code: string };
}

export type EditorEventName = keyof EditorEventMap;

export type EditorEvent = {
  [K in EditorEventName]: { type: K; payload: EditorEventMap[K] };
}[EditorEventName];

export const EDITOR_EVENT_NAMES: readonly EditorEventName[] = ["ready", "saved", "sent", "error"];

const TOKEN = /^(pet_[A-Za-z0-9_-]{32})\.[A-Za-z0-9_-]{43}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The frame's address and the web app's origin, where events must come from. */
export interface EditorFrameAddress {
  src: string;
  origin: string;
}

/**
 * The address of the embedded editor: `/embed/edit/<the token's access key>` of the web app (which
 * its server answers with the `frame-ancestors` the token's team allows), with the token, the
 * document, the language and the embedding page's origin (`embeddingOrigin`, where the editor
 * posts its events) in the fragment. Throws a TypeError for an address, token or document it
 * cannot use.
 */
export function editorFrameAddress(
  options: EditorOptions,
  embeddingOrigin: string,
): EditorFrameAddress {
  let app: URL;
  try {
    app = new URL(options.appUrl);
  } catch {
    throw new TypeError(`Not a Paraphe web app address: ${options.appUrl}`);
  }
  if (app.protocol !== "https:" && app.protocol !== "http:") {
    throw new TypeError(`Not a Paraphe web app address: ${options.appUrl}`);
  }
  const accessKey = TOKEN.exec(options.token)?.[1];
  if (accessKey === undefined) throw new TypeError("Not a Paraphe editor token.");
  const fragment = new URLSearchParams();
  fragment.set("token", options.token);
  fragment.set("origin", embeddingOrigin);
  const { envelopeUuid, templateUuid } = options;
  if ((envelopeUuid === undefined) === (templateUuid === undefined)) {
    throw new TypeError("Give the envelope's uuid or the template's, one of them.");
  }
  const [kind, uuid] =
    envelopeUuid === undefined ? ["template", templateUuid ?? ""] : ["envelope", envelopeUuid];
  if (!UUID.test(uuid)) throw new TypeError(`Not a document uuid: ${uuid}`);
  fragment.set(kind, uuid);
  if (options.language !== undefined) fragment.set("lng", options.language);
  return {
    src: `${app.origin}/embed/edit/${accessKey}#${fragment.toString()}`,
    origin: app.origin,
  };
}

const isDocument = (payload: Record<string, unknown>) =>
  (payload.kind === "envelope" || payload.kind === "template") && isString(payload.uuid);

function payloadOf(type: EditorEventName, payload: Record<string, unknown>): boolean {
  switch (type) {
    case "ready":
    case "saved":
      return isDocument(payload);
    case "sent":
      return isString(payload.envelopeUuid);
    case "error":
      return isString(payload.code);
  }
}

/**
 * The editor event a message carries, or null: only a message from `frame` (the frame the
 * component made, compared by `event.source`) and from the web app's `origin`, with the shape of
 * one of the events.
 */
export function editorEventOf(
  event: MessageEvent,
  frame: Window | null,
  origin: string,
): EditorEvent | null {
  return frameEventOf<EditorEvent>(event, frame, origin, EDITOR_EVENT_NAMES, payloadOf);
}

const FRAME_TITLES = { en: "Document editor", fr: "Éditeur de document" } as const;

export type EditorFrame = MountedFrame;

/**
 * Makes the frame of the editor in `container` and hands `onEvent` every event it posts: only
 * messages whose `source` is this frame and whose origin is the web app's.
 */
export function mountEditorFrame(
  container: HTMLElement | ShadowRoot,
  options: EditorOptions & { title?: string | undefined },
  onEvent: (event: EditorEvent) => void,
): EditorFrame {
  const view = container.ownerDocument?.defaultView ?? window;
  const address = editorFrameAddress(options, view.location.origin);
  const title = options.title ?? FRAME_TITLES[options.language ?? "en"];
  return mountFrame(container, { ...address, title }, editorEventOf, onEvent);
}
