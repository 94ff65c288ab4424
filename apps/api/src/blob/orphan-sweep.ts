import type { BlobStore } from "./blob-store";

/**
 * How old an unreferenced file must be before the sweep removes it. Files are written before the
 * transaction that references them commits, so a young unreferenced file may belong to a change in
 * progress; an hour is far longer than any such change.
 */
export const ORPHAN_GRACE_MS = 60 * 60_000;

/** Keys are checked against the database this many at a time. */
const BATCH = 500;

export interface OrphanSweepOptions {
  blobStore: BlobStore;
  /** The part of the store the sweep looks at, such as `envelopes/`. */
  prefix: string;
  /** Which of `keys` a database row names. */
  referenced: (keys: readonly string[]) => Promise<ReadonlySet<string>>;
  /** Milliseconds since the epoch. */
  now: () => number;
  graceMs?: number;
}

/**
 * Removes the files under `prefix` that no row references and that were last written more than
 * the grace period ago: what a change that wrote its files and then rolled back (or died before
 * committing) left behind. A referenced file is never removed, nor a file written recently.
 * Answers how many files were removed.
 */
export async function sweepOrphanBlobs(options: OrphanSweepOptions): Promise<number> {
  const cutoff = options.now() - (options.graceMs ?? ORPHAN_GRACE_MS);
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    const referenced = await options.referenced(batch);
    for (const key of batch) {
      if (referenced.has(key)) continue;
      await options.blobStore.delete(key);
      removed += 1;
    }
    batch = [];
  };
  for await (const listing of options.blobStore.list(options.prefix)) {
    if (listing.modifiedAt > cutoff) continue;
    batch.push(listing.key);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  return removed;
}
