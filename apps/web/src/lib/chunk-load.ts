import { type ChunkLoadGuard } from "@paraphe/ui-kit";

let installed: ChunkLoadGuard | null = null;

/** Remembers the guard installed at start, for the route error boundary. */
export function registerChunkLoadGuard(guard: ChunkLoadGuard): void {
  installed = guard;
}

/** Hands an error to the chunk-load guard: true when it was a failed chunk (the page reloads or gives up). */
export function handleChunkLoadError(error: unknown): boolean {
  return installed?.handleError(error) ?? false;
}

export interface ChunkLoadFailureTexts {
  title: string;
  description: string;
  reload: string;
}

export const CHUNK_LOAD_FAILURE_ID = "chunk-load-failure";

/**
 * Shows, without React (whose code may be what failed to load), a message that the app could not be
 * loaded and a button that reloads the page. Shown once however often it is called.
 */
export function showChunkLoadFailure(
  texts: ChunkLoadFailureTexts,
  doc: Document = document,
  reload: () => void = () => doc.defaultView?.location.reload(),
): HTMLElement {
  const existing = doc.getElementById(CHUNK_LOAD_FAILURE_ID);
  if (existing) return existing;

  const panel = doc.createElement("div");
  panel.id = CHUNK_LOAD_FAILURE_ID;
  panel.setAttribute("role", "alert");
  panel.setAttribute("data-testid", CHUNK_LOAD_FAILURE_ID);
  panel.className =
    "fixed inset-x-4 bottom-4 z-[100] mx-auto flex max-w-md flex-col gap-3 rounded-card border border-border bg-surface p-5 text-ink shadow-popover";

  const title = doc.createElement("p");
  title.className = "text-base font-semibold";
  title.textContent = texts.title;

  const description = doc.createElement("p");
  description.className = "text-sm text-ink-muted";
  description.textContent = texts.description;

  const button = doc.createElement("button");
  button.type = "button";
  button.className =
    "inline-flex h-10 items-center justify-center self-start rounded-control bg-brand-500 px-4 text-sm font-medium text-white hover:bg-brand-600";
  button.textContent = texts.reload;
  button.addEventListener("click", () => reload());

  panel.append(title, description, button);
  doc.body.append(panel);
  return panel;
}
