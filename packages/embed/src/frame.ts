import { signingEventOf, type SigningEvent } from "./events";
import { signingFrameAddress, type SigningOptions } from "./options";

/** The frame's accessible name, in the page's language. */
const FRAME_TITLES = { en: "Document to sign", fr: "Document à signer" } as const;

export interface SigningFrame {
  readonly frame: HTMLIFrameElement;
  /** Removes the frame and stops listening. */
  destroy(): void;
}

/**
 * Makes the frame of the signing page in `container` and hands `onEvent` every event it posts:
 * only messages whose `source` is this frame and whose origin is the signing site's.
 */
export function mountSigningFrame(
  container: HTMLElement | ShadowRoot,
  options: SigningOptions & { title?: string | undefined },
  onEvent: (event: SigningEvent) => void,
): SigningFrame {
  const view = container.ownerDocument?.defaultView ?? window;
  const { src, origin } = signingFrameAddress(options, view.location.origin);
  const frame = view.document.createElement("iframe");
  frame.title = options.title ?? FRAME_TITLES[options.language ?? "en"];
  frame.src = src;
  // The signing page draws the signature with a pointer; nothing else is granted.
  frame.setAttribute("allow", "");
  frame.referrerPolicy = "no-referrer";
  frame.style.border = "0";
  frame.style.width = "100%";
  frame.style.height = "100%";
  frame.style.display = "block";
  const listener = (message: MessageEvent) => {
    const event = signingEventOf(message, frame.contentWindow, origin);
    if (event !== null) onEvent(event);
  };
  view.addEventListener("message", listener);
  container.appendChild(frame);
  return {
    frame,
    destroy() {
      view.removeEventListener("message", listener);
      frame.remove();
    },
  };
}
