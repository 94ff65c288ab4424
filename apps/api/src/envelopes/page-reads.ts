import { type AccessLink } from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { AppError } from "../errors/app-error";
import type { EnvelopeDeps } from "./envelope-deps";
import { isTurn } from "./turns";
import { loadRecipients } from "./views";
import { canAct, verifyAccessLink } from "./link-access";

/** The pages each document the recipient has read (reported on screen), by document uuid. */
export async function readPages(
  db: Kysely<Database>,
  recipientId: string,
): Promise<Record<string, number[]>> {
  const rows = await db
    .selectFrom("recipientPageView")
    .select(["documentId", "page"])
    .where("recipientId", "=", recipientId)
    .where("readAt", "is not", null)
    .orderBy("page")
    .execute();
  const result: Record<string, number[]> = {};
  for (const row of rows) (result[row.documentId] ??= []).push(row.page);
  return result;
}

/**
 * VALIDATION_ERROR (`pages_not_viewed` per document) unless the recipient read every page of every
 * document (served, then reported on screen with `/envelope/mark-page-read`): before signing,
 * before approving, and before a viewer marks the document read.
 */
export async function requireEveryPageRead(
  db: Kysely<Database>,
  recipientId: string,
  documents: readonly { id: string; pageCount: number }[],
  action: "sign" | "approve" | "read",
): Promise<void> {
  const viewed = await readPages(db, recipientId);
  const unseen = documents.filter(
    (document) => (viewed[document.id]?.length ?? 0) < document.pageCount,
  );
  if (unseen.length === 0) return;
  throw new AppError("VALIDATION_ERROR", {
    message: {
      sign: "Read every page of every document before signing.",
      approve: "Read every page of every document before approving.",
      read: "Read every page of every document before marking it read.",
    }[action],
    suggestion: {
      sign: "Scroll through the whole document, then sign.",
      approve: "Scroll through the whole document, then approve.",
      read: "Scroll through the whole document, then mark it read.",
    }[action],
    fields: unseen.map((document) => ({
      path: `documents.${document.id}`,
      code: "custom",
      message: "pages_not_viewed",
    })),
  });
}

export async function recordPageViewed(
  deps: EnvelopeDeps,
  recipientId: string,
  documentId: string,
  page: number,
): Promise<void> {
  await deps.db
    .insertInto("recipientPageView")
    .values({ recipientId, documentId, page, viewedAt: new Date(deps.now()) })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * POST /envelope/mark-page-read: the signing page saw the page on screen (enough of it, outside what
 * its bottom bar covers), so it counts as read. Only a page already served to this recipient (its
 * preview) can be read, and only while the recipient can act on the envelope; marking a page twice
 * keeps its first time. Answers the pages read so far.
 */
export async function markPageRead(
  deps: EnvelopeDeps,
  input: AccessLink & { documentUuid: string; page: number },
): Promise<{ viewedPages: Record<string, number[]> }> {
  const { envelope, recipient } = await verifyAccessLink(deps, deps.db, input);
  const recipients = await loadRecipients(deps.db, envelope.id);
  if (!canAct(envelope, recipient, isTurn(envelope, recipient, recipients), deps.now())) {
    throw new AppError("CONFLICT", {
      message:
        "This document cannot be read for signing now: it is not your turn, or you have already acted on it.",
      suggestion: "Open the link again to see where the document stands.",
    });
  }
  const marked = await deps.db
    .updateTable("recipientPageView")
    .set({ readAt: new Date(deps.now()) })
    .where("recipientId", "=", recipient.id)
    .where("documentId", "=", input.documentUuid)
    .where("page", "=", input.page)
    .where("readAt", "is", null)
    .executeTakeFirst();
  if (marked.numUpdatedRows === 0n) {
    const served = await deps.db
      .selectFrom("recipientPageView")
      .select("page")
      .where("recipientId", "=", recipient.id)
      .where("documentId", "=", input.documentUuid)
      .where("page", "=", input.page)
      .executeTakeFirst();
    if (served === undefined) {
      throw new AppError("VALIDATION_ERROR", {
        message: "This page was not shown to you yet: it cannot be read.",
        suggestion: "Load the page's preview, then mark it read.",
        fields: [{ path: "page", code: "custom", message: "page_not_served" }],
      });
    }
  }
  return { viewedPages: await readPages(deps.db, recipient.id) };
}
