import { sql, type Kysely } from "kysely";
import type { BlobStore } from "../blob/blob-store";
import { sweepOrphanBlobs } from "../blob/orphan-sweep";
import type { Database } from "../db/database";
import { scheduleRecurringJob } from "../jobs/queue";
import { parseSizedPreviewKey, SIZED_PREVIEW_WIDTHS } from "./file-keys";
import { sweepOrphanFilesJob } from "./job-definitions";
import type { Logger } from "../logger";

/** Where envelope files live in the blob store (see `blobKeys`). */
export const ENVELOPE_FILES_PREFIX = "envelopes/";

/** A table and one of its columns (checked against the table types). */
type TableColumn = {
  [T in keyof Database]: readonly [T, keyof Database[T] & string];
}[keyof Database];

/** The columns that name a file of an envelope, with their tables. */
const FILE_COLUMNS: readonly TableColumn[] = [
  ["envelopeDocument", "blobKey"],
  ["envelopeDocument", "revisionBlobKey"],
  ["envelopeDocument", "sealedBlobKey"],
  ["documentPreview", "blobKey"],
  ["recipient", "signatureBlobKey"],
  ["recipient", "initialsBlobKey"],
  ["envelope", "proofBlobKey"],
  ["signerAttachment", "blobKey"],
];

/**
 * Which of `keys` an envelope row names: a document's original, current revision (advanced
 * signatures) or sealed copy, a page preview (and that page's previews at the narrower widths,
 * `blobKeys.sizedPreview`, named by the same record), a recipient's signature or initials image, a
 * file a signer attached, an envelope's proof.
 */
export async function referencedEnvelopeFiles(
  db: Kysely<Database>,
  keys: readonly string[],
): Promise<ReadonlySet<string>> {
  if (keys.length === 0) return new Set();
  const list = [...keys];
  const found = await Promise.all(
    FILE_COLUMNS.map(([table, column]) =>
      db
        .selectFrom(table)
        .select(sql<string | null>`${sql.ref(column)}`.as("key"))
        .where(sql.ref(column), "in", list)
        .execute(),
    ),
  );
  const referenced = new Set(found.flat().flatMap((row) => (row.key === null ? [] : [row.key])));
  for (const key of await referencedSizedPreviews(db, list)) referenced.add(key);
  return referenced;
}

/**
 * Which of `keys` are previews at a narrower width of a page whose preview is recorded, in the
 * envelope the key names.
 */
async function referencedSizedPreviews(
  db: Kysely<Database>,
  keys: readonly string[],
): Promise<string[]> {
  const sized = keys.flatMap((key) => {
    const parts = parseSizedPreviewKey(key);
    return parts !== null && (SIZED_PREVIEW_WIDTHS as readonly number[]).includes(parts.width)
      ? [{ key, ...parts }]
      : [];
  });
  if (sized.length === 0) return [];
  const pages = await db
    .selectFrom("documentPreview")
    .innerJoin("envelopeDocument", "envelopeDocument.id", "documentPreview.documentId")
    .select(["envelopeDocument.envelopeId", "documentPreview.documentId", "documentPreview.page"])
    .where("documentPreview.documentId", "in", [...new Set(sized.map((row) => row.documentId))])
    .execute();
  const recorded = new Set(pages.map((row) => `${row.envelopeId}/${row.documentId}/${row.page}`));
  return sized
    .filter((row) => recorded.has(`${row.envelopeId}/${row.documentId}/${row.page}`))
    .map((row) => row.key);
}

/** The orphan-file sweep runs once an hour (and at start). */
export const ORPHAN_SWEEP_INTERVAL_MS = 60 * 60_000;

/** Enqueues the sweep of this hour (`now`) or of the next one (`next`), once per hour slot. */
export async function scheduleOrphanFileSweep(
  db: Kysely<Database>,
  when: "now" | "next",
  at: number,
): Promise<void> {
  await scheduleRecurringJob(db, sweepOrphanFilesJob, ORPHAN_SWEEP_INTERVAL_MS, when, at);
}

/** One sweep of the envelope files nothing references (see `sweepOrphanBlobs`). */
export async function sweepOrphanEnvelopeFiles(deps: {
  db: Kysely<Database>;
  blobStore: BlobStore;
  logger: Logger;
  now: () => number;
}): Promise<number> {
  const removed = await sweepOrphanBlobs({
    blobStore: deps.blobStore,
    prefix: ENVELOPE_FILES_PREFIX,
    referenced: (keys) => referencedEnvelopeFiles(deps.db, keys),
    now: deps.now,
  });
  if (removed > 0) deps.logger.info({ removed }, "removed envelope files that no row references");
  return removed;
}
