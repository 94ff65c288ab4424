import type { SigningEventMap, SigningEventName } from "./events";
import { mountSigningFrame } from "./frame";
import { defineFramedElement, dispatchParapheEvent } from "./framed-element";
import type { SigningLanguage, SigningOptions, SigningTheme } from "./options";

/** The DOM event of each signing event: `paraphe-ready`, `paraphe-page-read`, ... */
export const ELEMENT_EVENT_NAMES = {
  ready: "paraphe-ready",
  pageRead: "paraphe-page-read",
  signed: "paraphe-signed",
  completed: "paraphe-completed",
  declined: "paraphe-declined",
  error: "paraphe-error",
} as const satisfies Record<SigningEventName, string>;

/** The element's DOM events, each a CustomEvent whose `detail` is the event's payload. */
export type ParapheSigningElementEventMap = {
  [K in SigningEventName as (typeof ELEMENT_EVENT_NAMES)[K]]: CustomEvent<SigningEventMap[K]>;
};

/** The attributes the element reads; a change makes a new frame. */
export const ELEMENT_ATTRIBUTES = [
  "url",
  "language",
  "signer-firstname",
  "signer-lastname",
  "signer-email",
  "lock-signer",
  "no-decline",
  "theme-primary",
  "theme-background",
  "theme-surface",
  "theme-text",
  "theme-radius",
  "theme-font",
  "frame-title",
] as const;

const THEME_KEYS: readonly (keyof SigningTheme)[] = [
  "primary",
  "background",
  "surface",
  "text",
  "radius",
  "font",
];

/** The options the element's attributes give. */
export function optionsOfElement(element: Element): SigningOptions & { title?: string } {
  const attribute = (name: string) => element.getAttribute(name) ?? undefined;
  const language = attribute("language");
  const theme: SigningTheme = {};
  for (const key of THEME_KEYS) {
    const value = attribute(`theme-${key}`);
    if (value !== undefined) theme[key] = value;
  }
  const title = attribute("frame-title");
  return {
    url: attribute("url") ?? "",
    ...(language === "en" || language === "fr" ? { language: language as SigningLanguage } : {}),
    signer: {
      firstname: attribute("signer-firstname"),
      lastname: attribute("signer-lastname"),
      email: attribute("signer-email"),
      lock: element.hasAttribute("lock-signer"),
    },
    allowDecline: !element.hasAttribute("no-decline"),
    theme,
    ...(title === undefined ? {} : { title }),
  };
}

/** The element's class, made when it is defined (so that importing the package needs no DOM). */
export type ParapheSigningElement = HTMLElement & {
  /** The frame of the signing page, once the element is in the document with a `url`. */
  readonly frame: HTMLIFrameElement | null;
};

/**
 * Defines `<paraphe-signing>` (or `tagName`) in the page's custom element registry, once: the
 * signing page of the `url` attribute's link in a frame that fills the element (a block: give it a
 * height), with the options of its other attributes, dispatching `paraphe-ready`, `paraphe-page-read`, `paraphe-signed`,
 * `paraphe-completed`, `paraphe-declined` and `paraphe-error` (bubbling, composed CustomEvents; the
 * payload in `detail`). A link that is not a Paraphe signing link dispatches `paraphe-error` with
 * the code `invalidUrl`.
 */
export function defineParapheSigning(tagName = "paraphe-signing"): void {
  defineFramedElement(tagName, ELEMENT_ATTRIBUTES, (element) => {
    const options = optionsOfElement(element);
    if (options.url === "") return null;
    try {
      return mountSigningFrame(element, options, (event) =>
        dispatchParapheEvent(element, ELEMENT_EVENT_NAMES[event.type], event.payload),
      );
    } catch {
      dispatchParapheEvent(element, ELEMENT_EVENT_NAMES.error, { code: "invalidUrl" });
      return null;
    }
  });
}

declare global {
  interface HTMLElementTagNameMap {
    "paraphe-signing": ParapheSigningElement;
  }
}
