import { mountEditorFrame, type EditorEventMap, type EditorEventName } from "./editor";
import { defineFramedElement, dispatchParapheEvent } from "./framed-element";

/** The DOM event of each editor event: `paraphe-ready`, `paraphe-saved`, `paraphe-sent`, `paraphe-error`. */
export const EDITOR_ELEMENT_EVENT_NAMES = {
  ready: "paraphe-ready",
  saved: "paraphe-saved",
  sent: "paraphe-sent",
  error: "paraphe-error",
} as const satisfies Record<EditorEventName, string>;

/** The element's DOM events, each a CustomEvent whose `detail` is the event's payload. */
export type ParapheEditorElementEventMap = {
  [K in EditorEventName as (typeof EDITOR_ELEMENT_EVENT_NAMES)[K]]: CustomEvent<EditorEventMap[K]>;
};

/** The attributes the element reads; a change makes a new frame. */
export const EDITOR_ELEMENT_ATTRIBUTES = [
  "app-url",
  "token",
  "envelope-uuid",
  "template-uuid",
  "language",
  "frame-title",
] as const;

/** The element's class, made when it is defined (so that importing the package needs no DOM). */
export type ParapheEditorElement = HTMLElement & {
  /** The editor's frame, once the element is in the document with a token. */
  readonly frame: HTMLIFrameElement | null;
};

/**
 * Defines `<paraphe-editor>` (or `tagName`) once: the document editor of the `token` attribute's
 * draft (`envelope-uuid`) or template (`template-uuid`), from the web app at `app-url`, in a frame
 * that fills the element (a block: give it a height), dispatching `paraphe-ready`, `paraphe-saved`,
 * `paraphe-sent` and `paraphe-error` (bubbling, composed CustomEvents; the payload in `detail`).
 * Options it cannot use dispatch `paraphe-error` with the code `invalidOptions`.
 */
export function defineParapheEditor(tagName = "paraphe-editor"): void {
  defineFramedElement(tagName, EDITOR_ELEMENT_ATTRIBUTES, (element) => {
    const attribute = (name: string) => element.getAttribute(name) ?? undefined;
    const token = attribute("token");
    if (token === undefined || token === "") return null;
    const language = attribute("language");
    try {
      return mountEditorFrame(
        element,
        {
          appUrl: attribute("app-url") ?? "",
          token,
          envelopeUuid: attribute("envelope-uuid"),
          templateUuid: attribute("template-uuid"),
          ...(language === "en" || language === "fr" ? { language } : {}),
          title: attribute("frame-title"),
        },
        (event) =>
          dispatchParapheEvent(element, EDITOR_ELEMENT_EVENT_NAMES[event.type], event.payload),
      );
    } catch {
      dispatchParapheEvent(element, EDITOR_ELEMENT_EVENT_NAMES.error, { code: "invalidOptions" });
      return null;
    }
  });
}

declare global {
  interface HTMLElementTagNameMap {
    "paraphe-editor": ParapheEditorElement;
  }
}
