import type { AttestationStorage } from "../status/store";

/** A Storage-like object in memory, for tests. */
export class MemoryStorage implements AttestationStorage {
  readonly items = new Map<string, string>();

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}
