import type { toast as libraryToast } from "@paraphe/ui-kit";
import type * as LibraryModule from "./toast-library";

type Message = Parameters<typeof libraryToast.success>[0];
type Options = Parameters<typeof libraryToast.success>[1];

let libraryLoad: Promise<typeof libraryToast | undefined> | undefined;

/**
 * The notification library (sonner, 9 KB gzip), the chunk the app's toaster already asks for as it
 * starts. Undefined when the chunk-load guard answers a failed download (it reloads the page); a
 * rejected download may be retried by the next toast.
 */
function loadLibrary(): Promise<typeof libraryToast | undefined> {
  libraryLoad ??= import("./toast-library")
    .then((module: typeof LibraryModule | undefined) => module?.toast)
    .catch((error: unknown) => {
      libraryLoad = undefined;
      throw error;
    });
  return libraryLoad;
}

function show(kind: "success" | "error", message: Message, options?: Options): void {
  void loadLibrary()
    .then((library) => library?.[kind](message, options))
    .catch(() => undefined);
}

/**
 * The pages' toasts, without the notification library in each page's chunk: a toast asked for
 * shows once the library is there (at once after the app's start, which downloads it for the
 * toaster). Same calls as the library's: `toast.success("...")`, `toast.error("...", { ... })`.
 */
export const toast = {
  success: (message: Message, options?: Options) => show("success", message, options),
  error: (message: Message, options?: Options) => show("error", message, options),
};
