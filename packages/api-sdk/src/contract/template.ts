import { z } from "zod";
import {
  MAX_FIELDS,
  MAX_RECIPIENTS,
  INVITATION_MESSAGE_MAX_LENGTH,
  binaryFileSchema,
  envelopeDocumentSchema,
  envelopeOptionsSchema,
  envelopeTitleSchema,
  fieldInputSchema,
  fieldSchema,
  recipientKindSchema,
  recipientVerificationSchema,
  toE164,
  refineSteps,
  stepInputSchema,
  uploadEnvelopeRequestSchema,
} from "./envelope";
import { emailSchema } from "./identity";
import { MAX_TAGS_PER_ENVELOPE, envelopeTagSchema } from "./tag";

/**
 * Requests and answers of templates (spec §2 `/templates`, §3 template, §4 template statuses, §5
 * template recipient label, create from template). A template holds documents, fields and options
 * like an envelope; its recipients are roles with a label ("Employee", "Manager") that people are
 * chosen for when an envelope is created from it. Fields of a template are placed per role: their
 * `recipientUuid` is the uuid of a role.
 */

/** Spec §5: a role's label is required and under 255 characters. */
export const TEMPLATE_ROLE_LABEL_MAX_LENGTH = 254;
/** The longest text `/template/list` searches titles for. */
export const TEMPLATE_SEARCH_MAX_LENGTH = 100;

/**
 * Spec §4: a template without a signer role or without a signature field of a signer role is
 * `incomplete` (roles that are all approvers are not enough); a complete one
 * is a `draft` until activated; only an `active` one creates envelopes; an `archived` one cannot
 * be used until unarchived (back to draft, or incomplete).
 */
export const TEMPLATE_STATUSES = ["incomplete", "draft", "active", "archived"] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];
export const templateStatusSchema = z.enum(TEMPLATE_STATUSES);

const uuid = z.uuid();
const isoDate = z.iso.datetime();

/** A role's label: trimmed, required, under 255 characters. */
export const templateRoleLabelSchema = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required" })
  .max(TEMPLATE_ROLE_LABEL_MAX_LENGTH, { error: "too_long" });

export const templateRoleSchema = z.object({
  uuid,
  label: z.string(),
  /** Signer or approver: the person chosen for an approver role approves before the signers sign. */
  kind: recipientKindSchema,
  /** 1-based position in the list of roles. */
  order: z.number().int().positive(),
  /** The role's signing step, as a recipient's (`recipientSchema.step`); envelopes keep it. */
  step: z.number().int().positive(),
  /** The check the person chosen for the role passes before signing, as a recipient's (absent: none). */
  verification: recipientVerificationSchema.optional(),
});
export type TemplateRole = z.infer<typeof templateRoleSchema>;

export const templateSummarySchema = z.object({
  uuid,
  workspaceUuid: uuid,
  title: z.string(),
  status: templateStatusSchema,
  owner: z.object({ name: z.string(), email: z.string() }),
  roleCount: z.number().int().min(0),
  /** A small preview of the first page, through `/template/page-preview`. */
  firstDocumentUuid: uuid.nullable(),
  tags: z.array(envelopeTagSchema),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

export const templateDetailSchema = templateSummarySchema.extend({
  documents: z.array(envelopeDocumentSchema),
  roles: z.array(templateRoleSchema),
  /** Fields per role: `recipientUuid` is a role's uuid. */
  fields: z.array(fieldSchema),
  /** The options envelopes created from it start with; `message` is the default message. */
  options: envelopeOptionsSchema,
});
export type TemplateDetail = z.infer<typeof templateDetailSchema>;

export const templateRefSchema = z.object({ templateUuid: uuid });

// POST /template/list
export const listTemplatesRequestSchema = z.object({
  status: templateStatusSchema.optional(),
  workspaceUuid: uuid.optional(),
  tagUuid: uuid.optional(),
  /** Part of the title, regardless of case. */
  search: z.string().trim().max(TEMPLATE_SEARCH_MAX_LENGTH, { error: "too_long" }).optional(),
  /** The `nextCursor` of the previous page (keyset pagination, newest change first). */
  cursor: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(100).default(25),
});
export type ListTemplatesRequest = z.input<typeof listTemplatesRequestSchema>;
export const listTemplatesResponseSchema = z.object({
  templates: z.array(templateSummarySchema),
  nextCursor: z.string().nullable(),
});
export type ListTemplatesResponse = z.infer<typeof listTemplatesResponseSchema>;

// POST /template/get
export const getTemplateRequestSchema = templateRefSchema;

// POST /template/create: from uploaded PDFs, like `/envelope/upload`
export const createTemplateRequestSchema = uploadEnvelopeRequestSchema;
export type CreateTemplateRequest = z.input<typeof createTemplateRequestSchema>;

// POST /template/update: title, default message, options, signing order
export const updateTemplateRequestSchema = templateRefSchema.extend({
  title: envelopeTitleSchema.optional(),
  options: envelopeOptionsSchema.partial().optional(),
});
export type UpdateTemplateRequest = z.input<typeof updateTemplateRequestSchema>;

// POST /template/save-recipients: the roles, in signing order
export const templateRoleInputSchema = z.object({
  /** Kept when editing an existing role (its fields stay assigned). */
  uuid: uuid.optional(),
  label: templateRoleLabelSchema,
  /**
   * Signer unless said otherwise. An approver role has no fields: a role switched to approver
   * loses its fields.
   */
  kind: recipientKindSchema.default("signer"),
  /** The signing step in custom order, as a recipient's (`recipientInputSchema.step`). */
  step: stepInputSchema.optional(),
  /** The check the person chosen for the role passes before signing; none unless said otherwise. */
  verification: recipientVerificationSchema.default("none"),
});
export type TemplateRoleInput = z.input<typeof templateRoleInputSchema>;
export const saveTemplateRolesRequestSchema = templateRefSchema.extend({
  roles: z
    .array(templateRoleInputSchema)
    .max(MAX_RECIPIENTS, { error: "too_many_recipients" })
    .superRefine((roles, ctx) => {
      refineSteps(roles, ctx);
      const seen = new Set<string>();
      roles.forEach((role, index) => {
        const key = role.label.toLowerCase();
        if (seen.has(key)) {
          ctx.addIssue({ code: "custom", message: "label_taken", path: [index, "label"] });
        }
        seen.add(key);
      });
    }),
});
export type SaveTemplateRolesRequest = z.input<typeof saveTemplateRolesRequestSchema>;

// POST /template/save-fields: the whole set of fields, per role
export const saveTemplateFieldsRequestSchema = templateRefSchema.extend({
  fields: z.array(fieldInputSchema).max(MAX_FIELDS, { error: "too_many_fields" }),
});
export type SaveTemplateFieldsRequest = z.input<typeof saveTemplateFieldsRequestSchema>;

// POST /template/activate, /template/archive, /template/unarchive
export const activateTemplateRequestSchema = templateRefSchema;
export const archiveTemplateRequestSchema = templateRefSchema;
export const unarchiveTemplateRequestSchema = templateRefSchema;

// POST /template/delete
export const deleteTemplateRequestSchema = templateRefSchema;
export const deleteTemplateResponseSchema = z.object({ deleted: z.literal(true) });

// POST /template/set-tags
export const setTemplateTagsRequestSchema = templateRefSchema.extend({
  tagUuids: z
    .array(uuid)
    .max(MAX_TAGS_PER_ENVELOPE, { error: "too_many_tags" })
    .refine((ids) => new Set(ids).size === ids.length, { error: "duplicate" }),
});
export type SetTemplateTagsRequest = z.input<typeof setTemplateTagsRequestSchema>;

// POST /template/page-preview
export const templatePagePreviewRequestSchema = templateRefSchema.extend({
  documentUuid: uuid,
  page: z.number().int().min(0),
});
export const templatePagePreviewResponseSchema = binaryFileSchema;

// POST /template/create-from-envelope: an envelope the caller may read, saved as a new template
export const createTemplateFromEnvelopeRequestSchema = z.object({
  envelopeUuid: uuid,
  /** The template's title; the envelope's when omitted. */
  title: envelopeTitleSchema.optional(),
});
export type CreateTemplateFromEnvelopeRequest = z.input<
  typeof createTemplateFromEnvelopeRequestSchema
>;

// POST /template/create-envelope: an active template, a person for every role
const personName = z.string().trim().min(1, { error: "required" }).max(100, { error: "too_long" });
export const templateRecipientInputSchema = z.object({
  roleUuid: uuid,
  email: emailSchema,
  firstname: personName,
  lastname: personName,
  /**
   * The person's phone, international (spaces, dots, dashes and parentheses dropped); needed for a
   * role whose check is a code by SMS (`sms_code`).
   */
  phone: z
    .string()
    .trim()
    .max(32, { error: "too_long" })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return null;
      const phone = toE164(value);
      if (phone === null) {
        ctx.addIssue({ code: "custom", message: "invalid_phone" });
        return z.NEVER;
      }
      return phone;
    }),
});
export type TemplateRecipientInput = z.input<typeof templateRecipientInputSchema>;
export const createEnvelopeFromTemplateRequestSchema = templateRefSchema.extend({
  /** One person per role of the template: every role must be given. */
  recipients: z
    .array(templateRecipientInputSchema)
    .max(MAX_RECIPIENTS, { error: "too_many_recipients" })
    .superRefine((recipients, ctx) => {
      const roles = new Set<string>();
      const emails = new Set<string>();
      recipients.forEach((recipient, index) => {
        if (roles.has(recipient.roleUuid)) {
          ctx.addIssue({ code: "custom", message: "duplicate", path: [index, "roleUuid"] });
        }
        if (emails.has(recipient.email)) {
          ctx.addIssue({ code: "custom", message: "already_added", path: [index, "email"] });
        }
        roles.add(recipient.roleUuid);
        emails.add(recipient.email);
      });
    }),
  /** The invitation message; the template's default message when omitted. */
  message: z
    .string()
    .max(INVITATION_MESSAGE_MAX_LENGTH, { error: "too_long" })
    .nullable()
    .optional(),
  /** The envelope's title; the template's when omitted. */
  title: envelopeTitleSchema.optional(),
  /** Send it at once (all or nothing: a refused send creates no envelope). */
  send: z.boolean().default(false),
});
export type CreateEnvelopeFromTemplateRequest = z.input<
  typeof createEnvelopeFromTemplateRequestSchema
>;

/**
 * POST /template/envelope-status: an envelope created from a template, with its status and its
 * recipients' (the envelope detail). An API key reads only the envelopes it created itself; a
 * member, any envelope they may read.
 */
export const templateEnvelopeStatusRequestSchema = z.object({ envelopeUuid: uuid });
export type TemplateEnvelopeStatusRequest = z.input<typeof templateEnvelopeStatusRequestSchema>;
