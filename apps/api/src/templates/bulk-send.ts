import type { bulkSendRequestSchema, BulkSendSummary } from "@paraphe/api-sdk/contract";
import { asSubject } from "@paraphe/permissions";
import type { z } from "zod";
import type { EnvelopeDeps } from "../envelopes/envelope-deps";
import { requirePermission, type Member } from "../membership/members";
import type { RequestOrigin } from "../envelopes/request-origin";
import { loadRecipients } from "../envelopes/views";
import { AppError } from "../errors/app-error";
import { enqueueJob } from "../jobs/queue";
import { bulkSendJob } from "./job-definitions";
import { bulkSendJobKey, insertBulkSend } from "./bulk-send-store";
import { loadBulkSendSummary } from "./bulk-send-views";
import { findTemplateForMember } from "./template-access";

type Input = z.infer<typeof bulkSendRequestSchema>;

/**
 * Starts a bulk send from an active template (`/template/bulk-send`): records the rows and
 * enqueues the job that creates and sends one envelope per row (`bulk-send-job.ts`, which checks
 * every row again). Needs reading the template and the Envelope create permission in its
 * workspace; a template that is not active answers CONFLICT, one without roles VALIDATION_ERROR,
 * like `/template/create-envelope`.
 */
export async function startBulkSend(
  deps: EnvelopeDeps,
  member: Member,
  input: Input,
  origin: RequestOrigin,
): Promise<BulkSendSummary> {
  const template = await findTemplateForMember(deps, member, input.templateUuid, "read");
  requirePermission(member, "create", "Envelope");
  requirePermission(
    member,
    "create",
    asSubject("Envelope", {
      teamId: member.teamId,
      workspaceId: template.workspaceId,
      ownerId: member.userId,
    }),
  );
  if (template.templateStatus !== "active") {
    throw new AppError("CONFLICT", {
      message: "Only an active template can be used to send envelopes.",
      reason: "template_not_active",
      suggestion:
        template.templateStatus === "archived"
          ? "Unarchive the template and activate it."
          : "Complete the template and activate it.",
    });
  }
  if ((await loadRecipients(deps.db, template.id)).length === 0) {
    throw new AppError("VALIDATION_ERROR", {
      message: "This template has no recipients: it cannot be used.",
      suggestion: "Add recipients to the template and activate it.",
      fields: [{ path: "templateUuid", code: "custom", message: "template_without_recipients" }],
    });
  }
  const id = await deps.db.transaction().execute(async (trx) => {
    const created = await insertBulkSend(
      trx,
      {
        teamId: member.teamId,
        templateId: template.id,
        creatorUserId: member.userId,
        ip: origin.ip,
        userAgent: origin.userAgent,
        at: new Date(deps.now()),
      },
      input.rows,
    );
    await enqueueJob(
      trx,
      bulkSendJob,
      { bulkSendId: created },
      { dedupeKey: bulkSendJobKey(created) },
    );
    return created;
  });
  deps.wakeJobs();
  const summary = await loadBulkSendSummary(deps.db, id);
  if (summary === undefined) throw new Error(`bulk send ${id} vanished`);
  return summary;
}
