/**
 * Waits for conditions over state that changes on events (a test SMTP server's messages): `notify`
 * after each change; `until(condition, what)` resolves once the condition holds (checked now and at
 * every notify) or rejects after `timeoutMs`, naming `what`.
 */
export function createConditionWaiter(defaultTimeoutMs: number) {
  const waiters = new Set<() => void>();
  const notify = (): void => {
    for (const wake of waiters) wake();
  };
  const until = (
    condition: () => boolean,
    what: string,
    timeoutMs = defaultTimeoutMs,
  ): Promise<void> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        if (!condition()) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`timed out waiting for ${what}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return { notify, until };
}
