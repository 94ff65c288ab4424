/** Subscribes to a database notification channel; answers the function that unsubscribes. */
export type ListenFn = (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;

/**
 * Waits `ms` milliseconds, or less once `signal` aborts (the loop was woken or stopped: the wait
 * may then end whenever suits, or never).
 */
export type SleepFn = (ms: number, signal: AbortSignal) => Promise<void>;

/** A timer, cleared when the loop is woken. */
export const timerSleep: SleepFn = (ms, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

export interface WakeableLoopOptions {
  /**
   * One unit of work. Answers `false` when there was nothing to do (or it failed): the loop then
   * sleeps for `pollIntervalMs`, unless woken. It must not throw.
   */
  step: () => Promise<boolean>;
  pollIntervalMs: number;
  /** How the loop sleeps between polls: {@link timerSleep} unless a test brings its clock. */
  sleep?: SleepFn;
  /**
   * Told when a step threw after all: the loop has ended, and {@link WakeableLoop.running} says
   * so (the api's `/ready` then answers 503) until it is stopped and started again.
   */
  onFailure?: (error: unknown) => void;
}

/**
 * The job worker's poller: runs `step` while there is work, otherwise polls; `wake()` (called
 * on a database notification) cuts the sleep short; `stop()` lets the current step finish.
 */
export class WakeableLoop {
  readonly #options: WakeableLoopOptions;
  #loop: Promise<void> | undefined;
  #stopping = false;
  #wakeRequested = false;
  #ended = false;
  #wakeSleeper: (() => void) | undefined;

  constructor(options: WakeableLoopOptions) {
    this.#options = options;
  }

  /** Started and not stopped, and its loop has not ended on an error. */
  get running(): boolean {
    return this.#loop !== undefined && !this.#ended;
  }

  async start(): Promise<void> {
    if (this.#loop !== undefined) return;
    this.#stopping = false;
    this.#ended = false;
    this.#loop = this.#run().catch((error: unknown) => {
      this.#ended = true;
      this.#options.onFailure?.(error);
    });
  }

  wake(): void {
    this.#wakeRequested = true;
    this.#wakeSleeper?.();
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    this.#wakeSleeper?.();
    await this.#loop;
    this.#loop = undefined;
  }

  async #run(): Promise<void> {
    while (!this.#stopping) {
      const worked = await this.#options.step();
      if (!worked) await this.#sleep(this.#options.pollIntervalMs);
    }
  }

  #sleep(ms: number): Promise<void> {
    if (this.#wakeRequested || this.#stopping) {
      this.#wakeRequested = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const woken = new AbortController();
      const done = (): void => {
        if (woken.signal.aborted) return;
        woken.abort();
        this.#wakeSleeper = undefined;
        this.#wakeRequested = false;
        resolve();
      };
      this.#wakeSleeper = done;
      void (this.#options.sleep ?? timerSleep)(ms, woken.signal).then(done, done);
    });
  }
}
