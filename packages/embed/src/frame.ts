import { signingEventOf, type SigningEvent } from "./events";
import { signingFrameAddress, type SigningOptions } from "./options";

/** The frame's accessible name, in the page's language. */
const FRAME_TITLES = { en: "Document to sign", fr: "Document à signer" } as const;

/** A frame of Paraphe's made in a container, listening to the events it posts. */
export interface MountedFrame {
  readonly frame: HTMLIFrameElement;
  /** Removes the frame and stops listening. */
  destroy(): void;
}

export type SigningFrame = MountedFrame;

/**
 * Makes a frame of `src` in `container` and hands `onEvent` every event `readEvent` accepts of the
 * messages it receives: `readEvent` gets the frame's window and `origin` (where events must come
 * from) with each message, and answers null for any other. Nothing is granted to the frame
 * (`allow=""`), its address is not sent as a referrer, and it fills the container.
 */
export function mountFrame<E>(
  container: HTMLElement | ShadowRoot,
  { src, origin, title }: { src: string; origin: string; title: string },
  readEvent: (message: MessageEvent, frame: Window | null, origin: string) => E | null,
  onEvent: (event: E) => void,
): MountedFrame {
  const view = container.ownerDocument?.defaultView ?? window;
  const frame = view.document.createElement("iframe");
  frame.title = title;
  frame.src = src;
  frame.setAttribute("allow", "");
  frame.referrerPolicy = "no-referrer";
  frame.style.border = "0";
  frame.style.width = "100%";
  frame.style.height = "100%";
  frame.style.display = "block";
  const listener = (message: MessageEvent) => {
    const event = readEvent(message, frame.contentWindow, origin);
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
  const address = signingFrameAddress(options, view.location.origin);
  const title = options.title ?? FRAME_TITLES[options.language ?? "en"];
  return mountFrame(container, { ...address, title }, signingEventOf, onEvent);
}
