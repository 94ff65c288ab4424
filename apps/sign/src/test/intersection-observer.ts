import { act } from "@testing-library/react";

/**
 * A stand-in for IntersectionObserver (jsdom has none): nothing is near the viewport until the test
 * scrolls with `scrollPagesIntoView`.
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

export function installFakeIntersectionObserver() {
  FakeIntersectionObserver.instances.clear();
  globalThis.IntersectionObserver =
    FakeIntersectionObserver as unknown as typeof IntersectionObserver;
}

/** Brings the pages matching `filter` (all by default) near the viewport. */
export function scrollPagesIntoView(filter: (element: Element) => boolean = () => true) {
  act(() => {
    for (const observer of [...FakeIntersectionObserver.instances]) observer.fire(filter);
  });
}
