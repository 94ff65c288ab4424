/** At most this many automatic reloads ... */
export const CHUNK_RELOAD_LIMIT = 3;
/** ... within this window (spec §4 and §9: "Chunk reload limit 3 per 60 seconds"). */
export const CHUNK_RELOAD_WINDOW_MS = 60_000;
/** Local-storage key holding the timestamps (ms since epoch) of recent automatic reloads. */
export const CHUNK_RELOAD_STORAGE_KEY = "paraphe.chunkReloads";

/** Messages of a failed dynamic `import()` in Chromium, Safari and Firefox. */
const DYNAMIC_IMPORT_FAILURE =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

/** The failure that triggered the guard. */
export type ChunkLoadFailure =
  | { kind: "asset"; url: string }
  | { kind: "preload"; error: unknown }
  | { kind: "dynamic-import"; error: unknown };

export interface ChunkLoadGuardOptions {
  /** Where reload timestamps are kept; defaults to `window.localStorage`. */
  storage?: Pick<Storage, "getItem" | "setItem">;
  /** Clock in ms since epoch; defaults to `Date.now`. */
  now?: () => number;
  /** Reloads the page; defaults to `window.location.reload()`. */
  reload?: () => void;
  /**
   * Called once when the limit is reached (or reload tracking is impossible because storage throws):
   * the app shows a translated message asking the user to reload later.
   */
  onGiveUp: (failure: ChunkLoadFailure) => void;
  /** The window to listen on; defaults to the global `window`. */
  target?: Window;
  /** Path prefix of the built assets (Vite's `build.assetsDir`); defaults to "/assets/". */
  assetsPath?: string;
}

export interface ChunkLoadGuard {
  /** Hands a caught error to the guard (e.g. from a route error boundary); true when it was a chunk failure. */
  handleError: (error: unknown) => boolean;
  /** Removes the listeners. */
  dispose: () => void;
}

/** Whether an error (or rejection reason) is a failed dynamic import of a code chunk. */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof Error) return DYNAMIC_IMPORT_FAILURE.test(error.message);
  if (typeof error === "string") return DYNAMIC_IMPORT_FAILURE.test(error);
  return false;
}

function readTimestamps(storage: Pick<Storage, "getItem">): number[] {
  const raw = storage.getItem(CHUNK_RELOAD_STORAGE_KEY);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed)
      ? parsed.filter((value): value is number => typeof value === "number")
      : [];
  } catch {
    return [];
  }
}

/**
 * Spec §4: "Chunk or asset load failure (including a 404 on a script under assets, or a preload
 * error): the page reloads itself, at most 3 times within 60 seconds, tracked in local storage, then
 * gives up." A new deployment removes the previous build's hashed chunks, so a tab opened before it
 * fails to load them; reloading fetches the new index and its chunks.
 *
 * Listens to:
 * - `error` events in the capture phase (resource errors do not bubble) whose target is a `<script>`
 *   or `<link>` whose URL path starts with `assetsPath`;
 * - Vite's `vite:preloadError` (it is `preventDefault`ed when the guard reloads, so that Vite does not
 *   rethrow);
 * - unhandled rejections whose reason is a failed dynamic import.
 *
 * Errors that a router catches (a lazy route's import) never reach those listeners: pass them to
 * `handleError` from the error boundary.
 */
export function installChunkLoadGuard(options: ChunkLoadGuardOptions): ChunkLoadGuard {
  const target = options.target ?? window;
  const now = options.now ?? Date.now;
  const reload = options.reload ?? (() => target.location.reload());
  const assetsPath = options.assetsPath ?? "/assets/";
  let settled = false;

  /** Reloads or gives up; returns true when a reload was started. */
  const recover = (failure: ChunkLoadFailure): boolean => {
    // One reload (or one give-up) per page life, however many chunks fail at once.
    if (settled) return false;
    settled = true;
    const at = now();
    let recent: number[];
    try {
      const storage = options.storage ?? target.localStorage;
      recent = readTimestamps(storage).filter(
        (time) => time <= at && at - time < CHUNK_RELOAD_WINDOW_MS,
      );
      if (recent.length >= CHUNK_RELOAD_LIMIT) {
        storage.setItem(CHUNK_RELOAD_STORAGE_KEY, JSON.stringify(recent));
        options.onGiveUp(failure);
        return false;
      }
      storage.setItem(CHUNK_RELOAD_STORAGE_KEY, JSON.stringify([...recent, at]));
    } catch {
      // Without storage the reloads cannot be counted: reloading could loop forever.
      options.onGiveUp(failure);
      return false;
    }
    reload();
    return true;
  };

  const isAssetUrl = (url: string): boolean => {
    try {
      return new URL(url, target.location.href).pathname.startsWith(assetsPath);
    } catch {
      return false;
    }
  };

  const onResourceError = (event: Event) => {
    const element = event.target as { nodeName?: unknown; src?: unknown; href?: unknown } | null;
    let url: unknown = null;
    if (element?.nodeName === "SCRIPT") url = element.src;
    else if (element?.nodeName === "LINK") url = element.href;
    if (typeof url === "string" && url !== "" && isAssetUrl(url)) recover({ kind: "asset", url });
  };

  const onPreloadError = (event: Event) => {
    const error = (event as Event & { payload?: unknown }).payload;
    if (recover({ kind: "preload", error })) event.preventDefault();
  };

  const onRejection = (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason)) recover({ kind: "dynamic-import", error: event.reason });
  };

  target.addEventListener("error", onResourceError, true);
  target.addEventListener("vite:preloadError", onPreloadError);
  target.addEventListener("unhandledrejection", onRejection);

  return {
    handleError: (error) => {
      if (!isChunkLoadError(error)) return false;
      recover({ kind: "dynamic-import", error });
      return true;
    },
    dispose: () => {
      target.removeEventListener("error", onResourceError, true);
      target.removeEventListener("vite:preloadError", onPreloadError);
      target.removeEventListener("unhandledrejection", onRejection);
    },
  };
}
