import type { ReactNode } from "react";
import { createRoot } from "react-dom/client";

/** Logged when the page has no element to render into (spec §8, "Missing page root element"). */
export const ROOT_ELEMENT_NOT_FOUND = "Root element not found";

/**
 * Renders the app into the element with id `elementId`. When it is missing, logs exactly
 * "Root element not found" with `console.error` and returns false; otherwise returns true.
 */
export function mountApp(elementId: string, node: ReactNode, doc: Document = document): boolean {
  const element = doc.getElementById(elementId);
  if (!element) {
    console.error(ROOT_ELEMENT_NOT_FOUND);
    return false;
  }
  createRoot(element).render(node);
  return true;
}
