import type { MountedFrame } from "./frame";

/**
 * Dispatches a Paraphe event on `element`: a bubbling, composed CustomEvent whose `detail` is the
 * event's payload.
 */
export function dispatchParapheEvent(element: HTMLElement, name: string, detail: unknown): void {
  element.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}

/**
 * Defines the custom element `tagName`, once, whose frame `mount` makes from its attributes (null:
 * none yet, e.g. without its link or token): a block the frame fills, a new frame whenever one of
 * `observedAttributes` changes while it is in the document, no frame and no listener once removed.
 * The class is made here, when the element is defined, so that importing the package needs no DOM.
 */
export function defineFramedElement(
  tagName: string,
  observedAttributes: readonly string[],
  mount: (element: HTMLElement) => MountedFrame | null,
): void {
  if (customElements.get(tagName) !== undefined) return;

  class FramedElement extends HTMLElement {
    static readonly observedAttributes = observedAttributes;
    #mounted: MountedFrame | null = null;

    get frame(): HTMLIFrameElement | null {
      return this.#mounted?.frame ?? null;
    }

    connectedCallback() {
      // A block that the frame fills; the page may size it as it likes.
      if (this.style.display === "") this.style.display = "block";
      this.#mount();
    }

    disconnectedCallback() {
      this.#mounted?.destroy();
      this.#mounted = null;
    }

    attributeChangedCallback(_name: string, before: string | null, after: string | null) {
      if (before !== after && this.isConnected) this.#mount();
    }

    #mount() {
      this.#mounted?.destroy();
      this.#mounted = null;
      this.#mounted = mount(this);
    }
  }

  customElements.define(tagName, FramedElement);
}
