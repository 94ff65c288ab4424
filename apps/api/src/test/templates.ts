/** Test helpers for templates. Not part of the server. */
import type {
  TemplateDetail,
  TemplateRoleInput,
  UpdateTemplateRequest,
} from "@paraphe/api-sdk/contract";
import { tinyPdf, type TeamMember } from "./envelopes";

/**
 * A template of `member`'s team: one document (a one-page PDF unless `data`), `roles`, and a
 * signature field for each signing role, one under the other on the first page; activated unless
 * `activate` is false. Answers the template as its last step left it.
 */
export async function signableTemplate(
  member: TeamMember,
  {
    title = "Service agreement",
    filename = `${title}.pdf`,
    data,
    roles = [{ label: "Client" }],
    options,
    activate = true,
  }: {
    title?: string;
    filename?: string;
    /** The document, base64; a one-page PDF when left out. */
    data?: string;
    roles?: readonly TemplateRoleInput[];
    options?: UpdateTemplateRequest["options"];
    activate?: boolean;
  } = {},
): Promise<TemplateDetail> {
  const created = await member.api.template.create({
    title,
    files: [{ filename, data: data ?? (await tinyPdf(1)) }],
  });
  if (options !== undefined) {
    await member.api.template.update({ templateUuid: created.uuid, options });
  }
  const withRoles = await member.api.template.saveRecipients({
    templateUuid: created.uuid,
    roles: [...roles],
  });
  const documentUuid = created.documents[0]?.uuid ?? "";
  const detail = await member.api.template.saveFields({
    templateUuid: created.uuid,
    fields: withRoles.roles
      .filter((role) => role.kind === "signer")
      .map((role, index) => ({
        documentUuid,
        recipientUuid: role.uuid,
        page: 0,
        x: 0.1,
        y: 0.1 + index * 0.2,
        width: 0.3,
        height: 0.1,
        kind: "signature" as const,
      })),
  });
  return activate ? member.api.template.activate({ templateUuid: created.uuid }) : detail;
}
