import type { BulkSendRowError } from "@paraphe/api-sdk/contract";
import type { EnvelopeDeps } from "../envelopes/envelope-deps";
import { requireMember, type Member } from "../membership/members";
import { loadRecipients } from "../envelopes/views";
import { AppError } from "../errors/app-error";
import { prepareBulkSendRow } from "./bulk-send-row";
import {
  failPendingRows,
  finishBulkSend,
  loadBulkSendForJob,
  lockPendingRow,
  nextPendingRow,
  recordRowError,
  recordRowResult,
} from "./bulk-send-store";
import { createEnvelopeFromTemplate } from "./create-envelope-from-template";

/** Thrown inside a row's transaction when another run already recorded the row: rolls it back. */
class RowAlreadyDone extends Error {}

/** The reason reported for a refusal of create-envelope (the template or the creator changed). */
function reasonOf(error: AppError): BulkSendRowError {
  const fields = (error.fields ?? []).map((field) => field.message);
  if (fields.includes("select_all_recipients")) return "missing_recipient";
  if (error.code === "FORBIDDEN") return "not_allowed";
  if (error.code === "NOT_FOUND" || error.code === "CONFLICT") return "template_unavailable";
  if (fields.includes("template_without_recipients")) return "template_unavailable";
  return "send_failed";
}

/**
 * Runs a bulk send's pending rows in order. Each row is created and sent from the template by
 * `createEnvelopeFromTemplate` (with its checks: the creator must still read the template and
 * create envelopes, the template must still be active), its result recorded in the same
 * transaction: a row is sent once or not at all, and a run that stops (a crash, a restart) resumes
 * at the first pending row. A bad row is reported with its reason and writes nothing. Errors that
 * are not a refusal (the database went away) fail the run, which the job worker retries.
 */
export async function runBulkSend(deps: EnvelopeDeps, bulkSendId: string): Promise<void> {
  const bulkSend = await loadBulkSendForJob(deps.db, bulkSendId);
  if (bulkSend === undefined || bulkSend.status === "done") return;
  const origin = { ip: bulkSend.ip, userAgent: bulkSend.userAgent };
  let member: Member | undefined;
  try {
    member = await requireMember(deps, bulkSend.creatorUserId);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
  const roles = await loadRecipients(deps.db, bulkSend.templateId);
  for (;;) {
    const row = await nextPendingRow(deps.db, bulkSendId);
    if (row === undefined) break;
    const at = () => new Date(deps.now());
    if (member === undefined) {
      await recordRowError(deps.db, bulkSendId, row.rowIndex, "not_allowed", at());
      continue;
    }
    const prepared = prepareBulkSendRow(bulkSend.templateId, roles, row.input);
    if (!prepared.ok) {
      await recordRowError(deps.db, bulkSendId, row.rowIndex, prepared.reason, at());
      continue;
    }
    try {
      await createEnvelopeFromTemplate(
        deps,
        member,
        prepared.request,
        origin,
        async (trx, envelopeId) => {
          if (!(await lockPendingRow(trx, bulkSendId, row.rowIndex))) throw new RowAlreadyDone();
          await recordRowResult(trx, bulkSendId, row.rowIndex, { envelopeId }, at());
        },
      );
    } catch (error) {
      if (error instanceof RowAlreadyDone) continue;
      if (!(error instanceof AppError)) throw error;
      await recordRowError(deps.db, bulkSendId, row.rowIndex, reasonOf(error), at());
    }
  }
  await finishBulkSend(deps.db, bulkSendId, new Date(deps.now()));
}

/** When the job gives up: the rows left are reported as not sent, and the bulk send ends. */
export async function giveUpBulkSend(deps: EnvelopeDeps, bulkSendId: string): Promise<void> {
  await failPendingRows(deps.db, bulkSendId, "send_failed", new Date(deps.now()));
}
