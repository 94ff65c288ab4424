import type { Kysely } from "kysely";
import type { Database, EnvelopeDocumentRow } from "../db/database";
import { isDocumentError } from "../documents/document-error";
import { AppError } from "../errors/app-error";
import { previewTaskBudgetMs, renderStoredPreviews, type PreviewDeps } from "./page-previews";

/** Longest a send waits for page previews not drawn yet: two preview tasks (8 s at most). */
export function sendPreviewWaitMs(config: PreviewDeps["config"]): number {
  return 2 * previewTaskBudgetMs(config);
}

/** Pages an unreadable-pages refusal lists by number for each document; more are counted. */
const LISTED_PAGES = 10;

/**
 * Before an envelope (or the template it is created from) is sent, outside the send's transaction
 * (drawing takes seconds): draws the pages of its documents that have neither a preview nor an
 * unreadable record yet, the first such page of each document onwards, for at most
 * `sendPreviewWaitMs` in all, so that a page pdf.js cannot draw is known when the send checks. It
 * stops early when the document workers are busy or a page is past their limits: pages still not
 * drawn then do not hold the send (the queue draws them; the signing page asks for each).
 * `owner`: whose share of the uploads lane the tasks count in.
 */
export async function drawPagesBeforeSending(
  deps: PreviewDeps,
  envelopeId: string,
  owner: string,
): Promise<void> {
  const deadline = Date.now() + sendPreviewWaitMs(deps.config);
  const documents = await deps.db
    .selectFrom("envelopeDocument")
    .select(["id", "pageCount"])
    .where("envelopeId", "=", envelopeId)
    .orderBy("position")
    .execute();
  for (const document of documents) {
    // Each round settles at least its first page (the worker always draws the first page of a
    // range), so the rounds are at most the document's pages, and the deadline stops them sooner.
    while (Date.now() < deadline) {
      const first = await firstUnsettledPage(deps.db, document.id);
      if (first === null) break;
      let result;
      try {
        result = await renderStoredPreviews(
          deps,
          document.id,
          first,
          document.pageCount - first,
          owner,
        );
      } catch (error) {
        // Past the worker's time or memory limit: this document's pages are left to the queue.
        if (isDocumentError(error)) break;
        // The workers' queue is full, or this owner has its share: the send does not wait.
        if (error instanceof Error && error.name === "DocumentWorkersBusyError") return;
        throw error;
      }
      // The document or its original is gone: nothing to draw from.
      if (result === null) break;
    }
  }
}

/** The first page of the document with neither a preview nor an unreadable record, or null. */
async function firstUnsettledPage(
  db: Kysely<Database>,
  documentId: string,
): Promise<number | null> {
  const document = await db
    .selectFrom("envelopeDocument")
    .select(["pageCount", "unreadablePages"])
    .where("id", "=", documentId)
    .executeTakeFirst();
  if (document === undefined) return null;
  const settled = new Set(document.unreadablePages);
  const drawn = await db
    .selectFrom("documentPreview")
    .select("page")
    .where("documentId", "=", documentId)
    .execute();
  for (const row of drawn) settled.add(row.page);
  for (let page = 0; page < document.pageCount; page++) if (!settled.has(page)) return page;
  return null;
}

/**
 * Refuses to send documents with a page pdf.js cannot draw (recorded in `unreadablePages`): no
 * signer could read it, and every page must be read before signing. CONFLICT `pages_unreadable`,
 * with one detail per such document (`documents.<position>`, `params.page`: its first unreadable
 * page, 1-based; `params.count`: how many), the message naming the files and pages.
 */
export function refuseUnreadablePages(
  documents: readonly Pick<EnvelopeDocumentRow, "position" | "filename" | "unreadablePages">[],
): void {
  const unreadable = documents.filter((document) => document.unreadablePages.length > 0);
  if (unreadable.length === 0) return;
  const named = unreadable.map((document) => {
    const pages = document.unreadablePages.slice(0, LISTED_PAGES).map((page) => page + 1);
    const more = document.unreadablePages.length - pages.length;
    const list = `${pages.join(", ")}${more > 0 ? ` and ${more} more` : ""}`;
    return `"${document.filename}" (page${document.unreadablePages.length > 1 ? "s" : ""} ${list})`;
  });
  throw new AppError("CONFLICT", {
    message: `Some pages cannot be drawn, so no signer could read them: ${named.join("; ")}.`,
    suggestion:
      "Use a copy of the document whose every page opens in a PDF reader (printing it to PDF again often helps).",
    reason: "pages_unreadable",
    fields: unreadable.map((document) => ({
      path: `documents.${document.position}`,
      code: "custom",
      message: "pages_unreadable",
      params: {
        page: (document.unreadablePages[0] ?? 0) + 1,
        count: document.unreadablePages.length,
      },
    })),
  });
}
