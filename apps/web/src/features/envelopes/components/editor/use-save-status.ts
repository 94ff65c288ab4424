import { useCallback, useMemo, useRef, useState } from "react";

/** The editor's save indicator (spec §4): saving, saved, error (reload the page). */
export type SaveStatus = "idle" | "saving" | "saved" | "error";

/** Tracks every save of the editor: saving while one runs, error once one has failed. */
export function useSaveStatus() {
  const [running, setRunning] = useState(0);
  const [failed, setFailed] = useState(false);
  const [savedOnce, setSavedOnce] = useState(false);
  const pending = useRef(new Set<Promise<unknown>>());

  const track = useCallback(<T>(promise: Promise<T>): Promise<T> => {
    pending.current.add(promise);
    setRunning((count) => count + 1);
    promise.then(
      () => setSavedOnce(true),
      () => setFailed(true),
    );
    void promise
      .catch(() => undefined)
      .finally(() => {
        pending.current.delete(promise);
        setRunning((count) => count - 1);
      });
    return promise;
  }, []);

  /** Waits for the saves under way (before sending). */
  const settle = useCallback(async () => {
    while (pending.current.size > 0) {
      await Promise.allSettled([...pending.current]);
    }
  }, []);

  const status: SaveStatus = failed
    ? "error"
    : running > 0
      ? "saving"
      : savedOnce
        ? "saved"
        : "idle";
  return useMemo(() => ({ status, track, settle }), [status, track, settle]);
}
