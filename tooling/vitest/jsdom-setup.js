// Set-up of every jsdom test file of the workspace, run before each file by the preset (a set-up
// file, not an import: with shared modules an imported module runs once per worker, a set-up file
// before every file): jest-dom matchers, the browser APIs that jsdom lacks and radix-ui relies on,
// and a clean DOM and storage after each test. It acts only where the file's environment has a
// `document`.
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

if (typeof document !== "undefined") {
  globalThis.ResizeObserver ??= ResizeObserverStub;

  if (!Element.prototype.hasPointerCapture) {
    Element.prototype.hasPointerCapture = () => false;
    Element.prototype.releasePointerCapture = () => {};
    Element.prototype.setPointerCapture = () => {};
  }
  if (!Element.prototype.scrollIntoView) {
    Element.prototype.scrollIntoView = () => {};
  }

  afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
  });
}
