import { sql, type Kysely } from "kysely";
import type { BlobStore } from "../blob/blob-store";
import type { Config } from "../config";
import type { Database } from "../db/database";
import { isDocumentError } from "../documents/document-error";
import type { PreviewRangeResult } from "../documents/previews";
import { DocumentWorkerError, renderPreviewRange } from "../documents/worker-pool";
import { BusyError } from "../errors/busy-error";
import { UnrecoverableJobError } from "../jobs/job-worker";
import { enqueueJob } from "../jobs/queue";
import { blobKeys } from "./file-keys";
import { renderPreviewsJob } from "./job-definitions";

/**
 * Pages one job task renders at most (a scanned page takes about a quarter of a second); the task
 * also stops starting pages after `previewTaskBudgetMs`, so it holds the uploads lane a few seconds
 * and a page asked for on screen waits at most about that long.
 */
export const PREVIEW_BATCH_PAGES = 32;
/** Pages rendered on demand from the one asked for: that page and the next, which comes into view. */
export const ON_DEMAND_PAGES = 2;
/** Longest a preview task goes on starting pages: 4 s, less with a short worker time limit. */
export function previewTaskBudgetMs(config: Pick<Config, "documentWorkerTimeoutSeconds">): number {
  return Math.min(4_000, (config.documentWorkerTimeoutSeconds * 1000) / 10);
}

export interface PreviewDeps {
  db: Kysely<Database>;
  blobStore: BlobStore;
  config: Pick<Config, "documentWorkerTimeoutSeconds">;
}

/**
 * Enqueues the rendering of a document's previews from `fromPage` on, in the transaction that
 * stores the document (or that finishes the previous batch); one open job per batch.
 */
export async function enqueuePreviewRendering(
  trx: Kysely<Database>,
  documentId: string,
  fromPage = 0,
): Promise<void> {
  await enqueueJob(
    trx,
    renderPreviewsJob,
    { documentId, fromPage },
    { dedupeKey: `${renderPreviewsJob.name}:${documentId}:${fromPage}` },
  );
}

/**
 * Renders the previews of `pageCount` pages of a document from `firstPage` that it does not have
 * yet, in one document worker task (bounded by `previewTaskBudgetMs`), stores each image (the blob
 * store encrypts it as it does documents) and records it. Pages already recorded, drawn or
 * unreadable, are not drawn again; a page recorded meanwhile by another render keeps its first
 * record. A page pdf.js cannot draw (or every page of the range, when it cannot open the file) is
 * recorded in the document's `unreadablePages`, so that whether a document can be read is a query.
 * Answers where the task stopped (`next`), or null when the document or its original no longer
 * exists.
 */
export async function renderStoredPreviews(
  deps: PreviewDeps,
  documentId: string,
  firstPage: number,
  pageCount: number,
  owner?: string,
): Promise<Pick<PreviewRangeResult, "next" | "failed" | "pageCount"> | null> {
  const document = await deps.db
    .selectFrom("envelopeDocument")
    .select(["id", "envelopeId", "blobKey", "pageCount", "unreadablePages"])
    .where("id", "=", documentId)
    .executeTakeFirst();
  if (document === undefined) return null;
  const end = Math.min(document.pageCount, firstPage + pageCount);
  const done = new Set(
    (
      await deps.db
        .selectFrom("documentPreview")
        .select("page")
        .where("documentId", "=", documentId)
        .where("page", ">=", firstPage)
        .where("page", "<", end)
        .execute()
    ).map((row) => row.page),
  );
  for (const page of document.unreadablePages) done.add(page);
  let from = firstPage;
  while (from < end && done.has(from)) from++;
  if (from >= end) return { next: end, failed: [], pageCount: document.pageCount };
  const original = await deps.blobStore.get(document.blobKey);
  if (original === null) return null;
  let result: PreviewRangeResult;
  try {
    result = await renderPreviewRange(
      original.bytes,
      { firstPage: from, pageCount: end - from, timeBudgetMs: previewTaskBudgetMs(deps.config) },
      {},
      owner,
    );
  } catch (error) {
    // pdf.js cannot open the file at all: no page of the range can be drawn.
    if (!isDocumentError(error) || error.code !== "unreadable") throw error;
    const failed = Array.from({ length: end - from }, (_, i) => from + i);
    result = { previews: [], failed, next: end, pageCount: document.pageCount };
  }
  const fresh = result.previews.filter((preview) => !done.has(preview.page));
  const failed = result.failed.filter((page) => !done.has(page));
  // A blob written here and then not recorded (an error, or the draft deleted meanwhile) is left
  // to the orphan-file sweep: the same key may be another render's record of the same page.
  for (const preview of fresh) {
    const key = blobKeys.preview(
      document.envelopeId,
      documentId,
      preview.page,
      preview.contentType,
    );
    await deps.blobStore.put(key, preview.data, { contentType: preview.contentType });
  }
  const kept = await deps.db.transaction().execute(async (trx) => {
    // The draft may have been deleted while the pages were drawn: nothing to record then. Held
    // for an update when unreadable pages are added to the row (a share lock that two renders
    // then both upgrade would deadlock).
    const hold = trx.selectFrom("envelopeDocument").select("id").where("id", "=", documentId);
    const held = await (
      failed.length > 0 ? hold.forNoKeyUpdate() : hold.forShare()
    ).executeTakeFirst();
    if (held === undefined) return false;
    if (fresh.length > 0) {
      await trx
        .insertInto("documentPreview")
        .values(
          fresh.map((preview) => ({
            documentId,
            page: preview.page,
            blobKey: blobKeys.preview(
              document.envelopeId,
              documentId,
              preview.page,
              preview.contentType,
            ),
            contentType: preview.contentType,
            width: preview.width,
            height: preview.height,
          })),
        )
        .onConflict((oc) => oc.columns(["documentId", "page"]).doNothing())
        .execute();
    }
    if (failed.length > 0) await recordUnreadablePages(trx, documentId, failed);
    return true;
  });
  if (!kept) return null;
  return { next: result.next, failed: result.failed, pageCount: document.pageCount };
}

/** Adds `pages` to the document's unreadable pages, kept ascending and each once. */
async function recordUnreadablePages(
  trx: Kysely<Database>,
  documentId: string,
  pages: readonly number[],
): Promise<void> {
  const added = sql`ARRAY[${sql.join(pages.map((page) => sql`${page}::integer`))}]`;
  await trx
    .updateTable("envelopeDocument")
    .set({
      unreadablePages: sql<
        number[]
      >`ARRAY(SELECT DISTINCT page FROM unnest(unreadable_pages || ${added}) AS page ORDER BY page)`,
    })
    .where("id", "=", documentId)
    .execute();
}

/**
 * The job's step: one batch from `fromPage`, then the next batch's job from where the task
 * stopped, until the document's last page. Pages pdf.js cannot draw are recorded as unreadable,
 * without a preview (the page endpoints answer them CONFLICT `preview_failed`).
 */
export async function renderPreviewBatch(
  deps: PreviewDeps,
  documentId: string,
  fromPage: number,
): Promise<void> {
  let result;
  try {
    result = await renderStoredPreviews(deps, documentId, fromPage, PREVIEW_BATCH_PAGES);
  } catch (error) {
    if (!isDocumentError(error)) throw error;
    // Past the worker's time or memory limit: trying the same pages again cannot help.
    throw new UnrecoverableJobError(`The previews of this batch cannot be drawn (${error.code}).`);
  }
  if (result === null || result.next >= result.pageCount) return;
  const next = result.next;
  await deps.db.transaction().execute((trx) => enqueuePreviewRendering(trx, documentId, next));
}

/**
 * After a batch gave up (its task kept failing or timing out): the rest of the document goes on
 * from the next batch; the pages of this one are drawn on demand when asked for, or refused.
 */
export async function skipPreviewBatch(
  db: Kysely<Database>,
  documentId: string,
  fromPage: number,
): Promise<void> {
  const document = await db
    .selectFrom("envelopeDocument")
    .select("pageCount")
    .where("id", "=", documentId)
    .executeTakeFirst();
  const next = fromPage + PREVIEW_BATCH_PAGES;
  if (document === undefined || next >= document.pageCount) return;
  await db.transaction().execute((trx) => enqueuePreviewRendering(trx, documentId, next));
}

/** Renders on demand under way in this process, by `<documentId>:<page>`, so that none runs twice. */
const onDemand = new Map<string, Promise<unknown>>();

/**
 * Renders a page that has no preview yet, with the next one (which the reader reaches next), at
 * once rather than in the queue's turn; a page already being rendered by such a request is waited
 * for, not rendered again. `owner`: whose share of the uploads lane the task counts in.
 */
export async function renderPageOnDemand(
  deps: PreviewDeps,
  documentId: string,
  page: number,
  owner: string,
): Promise<void> {
  const under = onDemand.get(`${documentId}:${page}`);
  if (under !== undefined) {
    await under.catch(() => undefined);
    return;
  }
  const keys = Array.from(
    { length: ON_DEMAND_PAGES },
    (_, i) => `${documentId}:${page + i}`,
  ).filter((key) => !onDemand.has(key));
  const render = renderStoredPreviews(deps, documentId, page, ON_DEMAND_PAGES, owner).catch(
    (error: unknown) => {
      // The file's problem (pdf.js cannot open it, or the page is past the worker's limits): the
      // page stays without a preview, which the caller answers as such.
      if (!isDocumentError(error)) throw error;
      return null;
    },
  );
  for (const key of keys) onDemand.set(key, render);
  try {
    await render;
  } finally {
    for (const key of keys) onDemand.delete(key);
  }
}

/**
 * A page's preview at one of the narrower preview widths (`blobKeys.sizedPreview`), drawn on demand
 * in a document worker (one page, counted in `owner`'s share of the uploads lane) the first time
 * it is asked for, then kept; one render per page and width at a time in this process. Call it for
 * a page whose preview at the default width is recorded: the narrower one is kept as long as that
 * one is. Null when it cannot be drawn now (the original gone, the file's problem, workers too
 * busy): the caller serves the default width instead.
 */
export async function sizedPagePreview(
  deps: PreviewDeps,
  document: { id: string; envelopeId: string; blobKey: string },
  page: number,
  width: number,
  owner: string,
): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  const key = blobKeys.sizedPreview(document.envelopeId, document.id, page, width);
  const kept = await deps.blobStore.get(key);
  if (kept !== null) return kept;
  const slot = `${document.id}:${page}:w${width}`;
  let render = onDemand.get(slot) as Promise<{ bytes: Uint8Array; contentType: string } | null>;
  if (render === undefined) {
    render = drawSizedPreview(deps, document, key, page, width, owner);
    onDemand.set(slot, render);
    void render.finally(() => onDemand.delete(slot)).catch(() => undefined);
  }
  return render;
}

async function drawSizedPreview(
  deps: PreviewDeps,
  document: { id: string; blobKey: string },
  key: string,
  page: number,
  width: number,
  owner: string,
): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  const original = await deps.blobStore.get(document.blobKey);
  if (original === null) return null;
  let result: PreviewRangeResult;
  try {
    result = await renderPreviewRange(
      original.bytes,
      { firstPage: page, pageCount: 1 },
      { maxWidth: width },
      owner,
    );
  } catch (error) {
    // The file's problem, a worker lost under it, or the lane full: the default width serves.
    if (
      isDocumentError(error) ||
      error instanceof DocumentWorkerError ||
      error instanceof BusyError
    ) {
      return null;
    }
    throw error;
  }
  const [preview] = result.previews;
  if (preview?.page !== page) return null;
  await deps.blobStore.put(key, preview.data, { contentType: preview.contentType });
  return { bytes: preview.data, contentType: preview.contentType };
}
