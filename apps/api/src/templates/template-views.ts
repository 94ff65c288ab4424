import type { TemplateDetail, TemplateSummary } from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import type { Database, EnvelopeRow } from "../db/database";
import {
  loadDocuments,
  loadFields,
  loadRecipients,
  optionsOf,
  toDocument,
  toField,
  toSummaries,
} from "../envelopes/views";

/** Summaries of templates (the template list), in the order given. */
export async function toTemplateSummaries(
  db: Kysely<Database>,
  templates: readonly EnvelopeRow[],
): Promise<TemplateSummary[]> {
  const summaries = await toSummaries(db, templates);
  // Every role counts, approvers too (the envelope summary counts signers only).
  const roleCounts =
    templates.length === 0
      ? []
      : await db
          .selectFrom("recipient")
          .select((eb) => ["envelopeId", eb.fn.countAll<string>().as("roles")])
          .where(
            "envelopeId",
            "in",
            templates.map((template) => template.id),
          )
          .groupBy("envelopeId")
          .execute();
  return summaries.map((summary, index) => ({
    uuid: summary.uuid,
    workspaceUuid: summary.workspaceUuid,
    title: summary.title,
    status: templates[index]?.templateStatus ?? "incomplete",
    owner: summary.owner,
    roleCount: Number(roleCounts.find((row) => row.envelopeId === summary.uuid)?.roles ?? 0),
    firstDocumentUuid: summary.firstDocumentUuid,
    tags: summary.tags,
    createdAt: summary.createdAt,
    updatedAt: summary.updatedAt,
  }));
}

/** The whole template as its editor reads it: documents, roles, fields per role, options. */
export async function loadTemplateDetail(
  { db }: { db: Kysely<Database> },
  templateId: string,
): Promise<TemplateDetail> {
  const template = await db
    .selectFrom("envelope")
    .selectAll()
    .where("id", "=", templateId)
    .where("kind", "=", "template")
    .executeTakeFirstOrThrow();
  const [summary] = await toTemplateSummaries(db, [template]);
  if (summary === undefined) throw new Error("no summary");
  const documents = await loadDocuments(db, templateId);
  const roles = await loadRecipients(db, templateId);
  const fields = await loadFields(db, templateId);
  return {
    ...summary,
    documents: documents.map(toDocument),
    roles: roles.map((role) => ({
      uuid: role.id,
      label: role.label ?? "",
      kind: role.kind,
      order: role.position,
      step: role.step,
      verification: role.verification,
    })),
    fields: fields.map(toField),
    options: optionsOf(template),
  };
}
