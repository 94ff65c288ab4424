import { randomUUID } from "node:crypto";
import type { FieldError, uploadEnvelopeRequestSchema } from "@paraphe/api-sdk/contract";
import { asSubject } from "@paraphe/permissions";
import type { z } from "zod";
import type { EnvelopeKind } from "../db/database";
import { isDocumentError, type DocumentError } from "../documents/document-error";
import type { PdfInspection } from "../documents/inspect";
import { inspectPdfOffThread } from "../documents/worker-pool";
import { AppError } from "../errors/app-error";
import { appendEvent } from "./activity";
import type { EnvelopeDeps } from "./envelope-deps";
import { blobKeys } from "./file-keys";
import { enqueuePreviewRendering } from "./page-previews";
import { findWorkspaceForMember } from "../workspaces/workspace-access";
import { requirePermission, type Member } from "../membership/members";
import type { RequestOrigin } from "./request-origin";
import { holdWorkspaceRow } from "../workspaces/workspace-store";

/**
 * A file's problem: its path, its document error's code, and the numbers of the limit it went over
 * (`{ count, limit }` pages, `{ size, limit }` bytes) so that the apps say them.
 */
function documentProblem(index: number, error: DocumentError): FieldError {
  return {
    path: `files.${index}`,
    code: "custom",
    message: error.code,
    ...(error.params === undefined ? {} : { params: { ...error.params } }),
  };
}

/** The refusal of files that cannot be used, each named by its path and its document error's code. */
function filesRefused(problems: FieldError[]): AppError {
  return new AppError("VALIDATION_ERROR", {
    message: "Some files cannot be used.",
    suggestion: "Upload PDF files that are complete, not password-protected and within the limits.",
    fields: problems,
  });
}

function defaultTitle(filename: string): string {
  const title = filename.replace(/\.pdf$/i, "").trim();
  return (title === "" ? filename : title).slice(0, 255);
}

/**
 * Creates a draft from uploaded PDFs: each is inspected with the configured limits (a refused file
 * answers VALIDATION_ERROR on `files.<i>` with the document error's code, and nothing is stored;
 * the task counts in the uploader's share of the uploads lane: one account cannot keep it full),
 * and the original stored encrypted. The draft exists once the files are stored and inspected:
 * the page previews are rendered afterwards, in page order, by the render-page-previews job
 * enqueued in the same transaction (and on demand for a page asked for before its turn).
 * With `kind` `template`, the same makes a new template (status incomplete: it has no role yet),
 * which needs the Template create permission and has no activity log.
 */
export async function uploadEnvelope(
  deps: EnvelopeDeps,
  member: Member,
  input: z.infer<typeof uploadEnvelopeRequestSchema>,
  origin: RequestOrigin,
  kind: EnvelopeKind = "envelope",
): Promise<string> {
  const subject = kind === "template" ? "Template" : "Envelope";
  requirePermission(member, "create", subject);
  const workspace = await findWorkspaceForMember(deps.db, member, input.workspaceUuid);
  // Conditions of the role apply to the record about to exist (`{ "workspaceId": ... }`).
  requirePermission(
    member,
    "create",
    asSubject(subject, {
      teamId: member.teamId,
      workspaceId: workspace.id,
      ownerId: member.userId,
    }),
  );

  const files: { filename: string; bytes: Uint8Array; inspection: PdfInspection }[] = [];
  const problems: { path: string; code: string; message: string }[] = [];
  for (const [index, file] of input.files.entries()) {
    const bytes = new Uint8Array(Buffer.from(file.data, "base64"));
    try {
      const inspection = await inspectPdfOffThread(
        bytes,
        { maxBytes: deps.config.maxUploadBytes, maxPages: deps.config.maxUploadPages },
        member.userId,
      );
      files.push({ filename: file.filename, bytes, inspection });
    } catch (error) {
      if (!isDocumentError(error)) throw error;
      problems.push(documentProblem(index, error));
    }
  }
  if (problems.length > 0) throw filesRefused(problems);

  const envelopeId = randomUUID();
  const documents = files.map((file) => ({ ...file, id: randomUUID() }));
  const stored: string[] = [];
  try {
    for (const document of documents) {
      const key = blobKeys.original(envelopeId, document.id);
      await deps.blobStore.put(key, document.bytes, { contentType: "application/pdf" });
      stored.push(key);
    }
    const at = new Date(deps.now());
    const title = input.title ?? defaultTitle(documents[0]?.filename ?? "Document");
    await deps.db.transaction().execute(async (trx) => {
      // The workspace may have been deleted while the files were inspected: NOT_FOUND, nothing kept.
      await holdWorkspaceRow(trx, member.teamId, workspace.id);
      await trx
        .insertInto("envelope")
        .values({
          id: envelopeId,
          teamId: member.teamId,
          workspaceId: workspace.id,
          ownerUserId: member.userId,
          title,
          kind,
          templateStatus: kind === "template" ? "incomplete" : null,
          createdAt: at,
          updatedAt: at,
        })
        .execute();
      for (const [index, document] of documents.entries()) {
        await trx
          .insertInto("envelopeDocument")
          .values({
            id: document.id,
            envelopeId,
            position: index,
            filename: document.filename,
            pageCount: document.inspection.pageCount,
            pages: JSON.stringify(document.inspection.pages),
            sha256: document.inspection.sha256,
            blobKey: blobKeys.original(envelopeId, document.id),
          })
          .execute();
        await enqueuePreviewRendering(trx, document.id);
      }
      if (kind === "envelope") {
        await appendEvent(trx, deps.activityKey, envelopeId, {
          type: "envelopeCreated",
          at: at.toISOString(),
          actor: { name: member.name, email: member.email },
          ip: origin.ip,
          userAgent: origin.userAgent,
          data: { title },
        });
      }
    });
  } catch (error) {
    await Promise.allSettled(stored.map((key) => deps.blobStore.delete(key)));
    throw error;
  }
  deps.wakeJobs();
  return envelopeId;
}
