/** How often the attestation view reloads while the page is visible (spec §9). */
export const ATTESTATION_REFRESH_MS = 30_000;

/** The part of `document` the poller uses. */
export interface VisibilityDocument {
  readonly visibilityState: string;
  addEventListener(type: "visibilitychange", listener: () => void): void;
  removeEventListener(type: "visibilitychange", listener: () => void): void;
}

export interface VisibilityPollerOptions {
  /** Time between two runs while the page is visible. */
  intervalMs: number;
  /** The work to repeat. A rejected promise is logged; the poller goes on. */
  run: () => void | Promise<void>;
  document: VisibilityDocument;
}

export interface VisibilityPoller {
  /** Runs at once if the page is visible, then every interval while it stays visible. */
  start(): void;
  /** Stops the timer and stops listening to visibility changes. */
  stop(): void;
  readonly running: boolean;
}

/**
 * Repeats `run` every `intervalMs` while the page is visible (spec §4): it pauses while the page is
 * hidden and runs at once when the page becomes visible again. A run still in progress is not
 * started a second time.
 */
export function createVisibilityPoller(options: VisibilityPollerOptions): VisibilityPoller {
  const { intervalMs, run, document } = options;
  if (!Number.isFinite(intervalMs) || intervalMs <= 0) {
    throw new RangeError("intervalMs must be a positive number of milliseconds.");
  }
  let timer: ReturnType<typeof setInterval> | undefined;
  let running = false;
  let inFlight = false;

  const runOnce = (): void => {
    if (inFlight) return;
    inFlight = true;
    let outcome: void | Promise<void>;
    try {
      outcome = run();
    } catch (error) {
      inFlight = false;
      console.error("[attestation] A scheduled attestation refresh failed.", error);
      return;
    }
    if (!(outcome instanceof Promise)) {
      inFlight = false;
      return;
    }
    outcome
      .catch((error: unknown) => {
        console.error("[attestation] A scheduled attestation refresh failed.", error);
      })
      .finally(() => {
        inFlight = false;
      });
  };

  const clearTimer = (): void => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };

  const resume = (): void => {
    clearTimer();
    runOnce();
    timer = setInterval(runOnce, intervalMs);
  };

  const onVisibilityChange = (): void => {
    if (!running) return;
    if (document.visibilityState === "visible") resume();
    else clearTimer();
  };

  return {
    start() {
      if (running) return;
      running = true;
      document.addEventListener("visibilitychange", onVisibilityChange);
      if (document.visibilityState === "visible") resume();
    },
    stop() {
      if (!running) return;
      running = false;
      clearTimer();
      document.removeEventListener("visibilitychange", onVisibilityChange);
    },
    get running() {
      return running;
    },
  };
}
