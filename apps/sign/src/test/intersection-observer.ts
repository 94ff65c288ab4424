import { act } from "@testing-library/react";

/**
 * A stand-in for IntersectionObserver (jsdom has none, nor layout): nothing is near the viewport
 * until the test scrolls with `scrollPagesIntoView`, which also puts those pages on screen for the
 * reading measure (`watchPageReading`: pages are given a box inside the viewport, the others one
 * far below it).
 */
class FakeIntersectionObserver {
  static instances = new Set<FakeIntersectionObserver>();
  readonly elements = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.add(this);
  }
  observe(element: Element) {
    this.elements.add(element);
  }
  unobserve(element: Element) {
    this.elements.delete(element);
  }
  disconnect() {
    this.elements.clear();
    FakeIntersectionObserver.instances.delete(this);
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
  fire(filter: (element: Element) => boolean) {
    const entries = [...this.elements]
      .filter(filter)
      .map(
        (target) =>
          ({ target, isIntersecting: true, intersectionRatio: 1 }) as IntersectionObserverEntry,
      );
    if (entries.length > 0) this.callback(entries, this as unknown as IntersectionObserver);
  }
}

let onScreen: (element: Element) => boolean = () => false;
const realBoundingRect = HTMLElement.prototype.getBoundingClientRect;

export function installFakeIntersectionObserver() {
  FakeIntersectionObserver.instances.clear();
  globalThis.IntersectionObserver =
    FakeIntersectionObserver as unknown as typeof IntersectionObserver;
  onScreen = () => false;
  HTMLElement.prototype.getBoundingClientRect = function getBoundingClientRect(this: HTMLElement) {
    if (!this.hasAttribute("data-page-key")) return realBoundingRect.call(this);
    const top = onScreen(this) ? 0 : 10 * window.innerHeight;
    return DOMRect.fromRect({ x: 0, y: top, width: 360, height: 500 });
  };
}

/** Brings the pages matching `filter` (all by default) near the viewport, and on screen. */
export function scrollPagesIntoView(filter: (element: Element) => boolean = () => true) {
  onScreen = filter;
  act(() => {
    for (const observer of [...FakeIntersectionObserver.instances]) observer.fire(filter);
    window.dispatchEvent(new Event("scroll"));
  });
}

/** Brings the pages matching `filter` near the viewport (their previews load) without showing them. */
export function bringPagesNear(filter: (element: Element) => boolean = () => true) {
  act(() => {
    for (const observer of [...FakeIntersectionObserver.instances]) observer.fire(filter);
    window.dispatchEvent(new Event("scroll"));
  });
}
