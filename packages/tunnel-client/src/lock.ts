import { TunnelError } from "./errors";

/** A FIFO mutex whose waiters give up after a timeout. */
export interface TimedLock {
  /** Resolves with a release function once the lock is held; rejects LOCK_TIMEOUT after `timeoutMs`. */
  acquire(timeoutMs: number): Promise<() => void>;
  readonly locked: boolean;
}

interface Waiter {
  grant: () => void;
}

export function createTimedLock(): TimedLock {
  let held = false;
  const queue: Waiter[] = [];

  const makeRelease = (): (() => void) => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = queue.shift();
      if (next) next.grant();
      else held = false;
    };
  };

  return {
    get locked() {
      return held;
    },
    acquire(timeoutMs) {
      if (!held) {
        held = true;
        return Promise.resolve(makeRelease());
      }
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          grant: () => {
            clearTimeout(timer);
            resolve(makeRelease());
          },
        };
        const timer = setTimeout(() => {
          const index = queue.indexOf(waiter);
          if (index >= 0) queue.splice(index, 1);
          reject(
            new TunnelError(
              "LOCK_TIMEOUT",
              `waited ${timeoutMs} ms for the tunnel handshake lock`,
              {
                transient: true,
              },
            ),
          );
        }, timeoutMs);
        queue.push(waiter);
      });
    },
  };
}
