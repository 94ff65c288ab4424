import { randomUUID } from "node:crypto";
import type { createEnvelopeFromTemplateRequestSchema } from "@paraphe/api-sdk/contract";
import { asSubject } from "@paraphe/permissions";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Database } from "../db/database";
import { AppError } from "../errors/app-error";
import { appendEvent } from "../envelopes/activity";
import type { EnvelopeDeps } from "../envelopes/envelope-deps";
import { lockDraftFor, lockEnvelopeRow } from "../envelopes/envelope-store";
import { requirePermission, type Member } from "../membership/members";
import { templateNotFound } from "../envelopes/envelope-access";
import type { RequestOrigin } from "../envelopes/request-origin";
import { sendLockedDraft } from "../envelopes/send-envelope";
import { drawPagesBeforeSending } from "../envelopes/unreadable-pages";
import { loadRecipients } from "../envelopes/views";
import { copyEnvelopeContent } from "./copy-envelope-content";
import { findTemplateForMember } from "./template-access";

type Input = z.infer<typeof createEnvelopeFromTemplateRequestSchema>;

/**
 * Creates an envelope from an active template (spec §5): an independent copy of its documents,
 * fields and options (later edits of the template do not change it), a person for every role (all
 * must be given: VALIDATION_ERROR `select_all_recipients`, "Please select all recipients"), the
 * given message or the template's default one. The activity log records that it was created from
 * the template. With `send`, it is sent at once in the same transaction: a refused send creates
 * nothing. Needs the Template read and the Envelope create permissions; a template that is not
 * active (incomplete, draft, archived) answers CONFLICT, one without roles VALIDATION_ERROR.
 * Through a team API key, the envelope is its creator's, marked as created by the key (which may
 * then read its status) and logged as created via the key.
 * `alsoInTransaction` runs last in the same transaction, with the new envelope's uuid (a bulk
 * send records the row's result there, so that a row is sent once or not at all).
 * `viaDirectLink` marks the envelope as made for a visitor of the template's direct link (the
 * activity chain, so the proof, says so).
 */
export async function createEnvelopeFromTemplate(
  deps: EnvelopeDeps,
  member: Member,
  input: Input,
  origin: RequestOrigin,
  alsoInTransaction?: (trx: Kysely<Database>, envelopeId: string) => Promise<void>,
  { viaDirectLink = false }: { viaDirectLink?: boolean } = {},
): Promise<string> {
  const found = await findTemplateForMember(deps, member, input.templateUuid, "read");
  requirePermission(member, "create", "Envelope");
  requirePermission(
    member,
    "create",
    asSubject("Envelope", {
      teamId: member.teamId,
      workspaceId: found.workspaceId,
      ownerId: member.userId,
    }),
  );
  // The copy takes the template's previews and unreadable pages: the send checks them.
  if (input.send) await drawPagesBeforeSending(deps, found.id, member.userId);
  const envelopeId = randomUUID();
  const stored: string[] = [];
  try {
    await deps.db.transaction().execute(async (trx) => {
      // Locked so that the template's content does not change while it is copied.
      const template = await lockEnvelopeRow(trx, found.id, "template");
      if (template === undefined) throw templateNotFound();
      const roles = await loadRecipients(trx, template.id);
      if (roles.length === 0) {
        throw new AppError("VALIDATION_ERROR", {
          message: "This template has no recipients: it cannot be used.",
          suggestion: "Add recipients to the template and activate it.",
          fields: [
            { path: "templateUuid", code: "custom", message: "template_without_recipients" },
          ],
        });
      }
      if (template.templateStatus !== "active") {
        throw new AppError("CONFLICT", {
          message: "Only an active template can be used to create an envelope.",
          reason: "template_not_active",
          suggestion:
            template.templateStatus === "archived"
              ? "Unarchive the template and activate it."
              : "Complete the template and activate it.",
        });
      }
      const people = new Map(input.recipients.map((person) => [person.roleUuid, person]));
      const unknown = input.recipients.findIndex(
        (person) => !roles.some((role) => role.id === person.roleUuid),
      );
      if (unknown !== -1) {
        throw new AppError("VALIDATION_ERROR", {
          message: "Some fields are not valid.",
          fields: [
            { path: `recipients.${unknown}.roleUuid`, code: "custom", message: "not_found" },
          ],
        });
      }
      if (roles.some((role) => !people.has(role.id))) {
        throw new AppError("VALIDATION_ERROR", {
          message: "Please select all recipients.",
          suggestion: "Choose a contact or type a person for every recipient of the template.",
          fields: [{ path: "recipients", code: "custom", message: "select_all_recipients" }],
        });
      }
      const at = new Date(deps.now());
      const title = input.title ?? template.title;
      await trx
        .insertInto("envelope")
        .values({
          id: envelopeId,
          teamId: member.teamId,
          workspaceId: template.workspaceId,
          ownerUserId: member.userId,
          title,
          signatureLevel: template.signatureLevel,
          senderName: template.senderName,
          message: input.message === undefined ? template.message : input.message,
          initialsOnAllPages: template.initialsOnAllPages,
          allowDelegation: template.allowDelegation,
          expiresAt: template.expiresAt,
          reminderDays: template.reminderDays,
          signingOrder: template.signingOrder,
          createdByApiKeyId: member.apiKey?.id ?? null,
          createdAt: at,
          updatedAt: at,
        })
        .execute();
      await copyEnvelopeContent(
        deps,
        trx,
        template.id,
        envelopeId,
        (role) => {
          const person = people.get(role.id);
          return {
            label: null,
            email: person?.email ?? "",
            firstname: person?.firstname ?? "",
            lastname: person?.lastname ?? "",
            phone: person?.phone ?? null,
          };
        },
        stored,
      );
      await appendEvent(trx, deps.activityKey, envelopeId, {
        type: "envelopeCreated",
        at: at.toISOString(),
        actor: { name: member.name, email: member.email },
        ip: origin.ip,
        userAgent: origin.userAgent,
        data: {
          title,
          fromTemplate: { uuid: template.id, title: template.title },
          // Sent in the name of the key's creator, recorded as done through that key.
          ...(member.apiKey === undefined
            ? {}
            : { viaApiKey: { uuid: member.apiKey.id, description: member.apiKey.description } }),
          ...(viaDirectLink ? { viaDirectLink: true as const } : {}),
        },
      });
      if (input.send) {
        const draft = await lockDraftFor(trx, member, envelopeId, "update", "status");
        await sendLockedDraft(deps, trx, member, draft, origin);
      }
      if (alsoInTransaction !== undefined) await alsoInTransaction(trx, envelopeId);
    });
  } catch (error) {
    await Promise.allSettled(stored.map((key) => deps.blobStore.delete(key)));
    throw error;
  }
  return envelopeId;
}
