import { z } from "zod";
import { contactPhoneSchema } from "./contact";
import { emailSchema, languageSchema } from "./identity";

/**
 * The all-or-nothing import of members from a CSV file (spec §5 member invite, CSV): one pending
 * invitation, and one invitation mail, per row, all with the role chosen for the import. The rows
 * follow the contacts import's rules (email, firstname and lastname required, phone optional).
 */

/** Rows of one members import: the same bound as a contacts import. */
export const MEMBERS_IMPORT_MAX_ROWS = 1000;
export const MEMBER_IMPORT_NAME_MAX_LENGTH = 100;

const importName = z
  .string()
  .trim()
  .min(1, { error: "required" })
  .max(MEMBER_IMPORT_NAME_MAX_LENGTH, { error: "too_long" });

/** One row of the file: the person to invite. */
export const memberImportRowSchema = z.object({
  email: emailSchema,
  firstname: importName,
  lastname: importName,
  phone: contactPhoneSchema,
});
export type MemberImportRow = z.input<typeof memberImportRowSchema>;

/**
 * Field problem codes the server adds after the schema, on `invitations.<row>.email`: the person is
 * already a member of the team, or already has a live invitation.
 */
export const MEMBER_IMPORT_ROW_CONFLICTS = ["already_member", "already_invited"] as const;

// POST /team/import-invitations: every row is invited, or none.
export const importInvitationsRequestSchema = z.object({
  roleUuid: z.uuid(),
  /** Language of the mails to people without an account; the inviter's when unset. */
  language: languageSchema.optional(),
  invitations: z
    .array(memberImportRowSchema)
    .min(1, { error: "empty_import" })
    .max(MEMBERS_IMPORT_MAX_ROWS, { error: "too_many_rows" })
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((row, index) => {
        if (seen.has(row.email)) {
          ctx.addIssue({ code: "custom", message: "duplicate_email", path: [index, "email"] });
        }
        seen.add(row.email);
      });
    }),
});
export type ImportInvitationsRequest = z.input<typeof importInvitationsRequestSchema>;
export const importInvitationsResponseSchema = z.object({
  invited: z.number().int().min(0),
});
export type ImportInvitationsResponse = z.infer<typeof importInvitationsResponseSchema>;
