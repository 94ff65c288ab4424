import { z } from "zod";
import { INVITATION_MESSAGE_MAX_LENGTH, MAX_RECIPIENTS } from "./envelope";

/**
 * Bulk send from a template (issue 12): rows of people, one envelope per row, created and sent by
 * a job. The client parses the CSV; the server checks every row again when it processes it, and a
 * bad row is reported with its reason (`BULK_SEND_ROW_ERRORS`) and writes nothing.
 *
 * CSV convention (the web page's example file): one column group per role of the template,
 * `<label> email`, `<label> firstname`, `<label> lastname` (the role's label as in the template,
 * regardless of case), `<label> phone` for a role whose check is a code by SMS (optional for the
 * others), and the optional columns `title` and `message`.
 */

/** The most rows one bulk send takes. */
export const MAX_BULK_SEND_ROWS = 500;

/** Why a row was not sent. */
export const BULK_SEND_ROW_ERRORS = [
  /** A role of the template has no person in the row. */
  "missing_recipient",
  /** The row names a role the template does not have, or names one twice. */
  "unknown_role",
  /** An email is not a valid address. */
  "invalid_email",
  /** A first or last name is empty or too long. */
  "invalid_name",
  /** Two roles of the row have the same email. */
  "duplicate_email",
  /** A phone number is not an international number (`+`, the country code, then the number). */
  "invalid_phone",
  /** A role whose check is a code by SMS has no phone number in the row. */
  "missing_phone",
  /** The title or the message is too long, or the title is empty. */
  "invalid_text",
  /** The template can no longer be used (archived, no longer active, deleted). */
  "template_unavailable",
  /** The creator may no longer create envelopes in the workspace. */
  "not_allowed",
  /** The envelope could not be created or sent. */
  "send_failed",
] as const;
export type BulkSendRowError = (typeof BULK_SEND_ROW_ERRORS)[number];

export const BULK_SEND_STATUSES = ["running", "done"] as const;
export type BulkSendStatus = (typeof BULK_SEND_STATUSES)[number];

export const BULK_SEND_ROW_STATUSES = ["pending", "ok", "error"] as const;
export type BulkSendRowStatus = (typeof BULK_SEND_ROW_STATUSES)[number];

const uuid = z.uuid();
const isoDate = z.iso.datetime();
/** Raw text of a cell: bounded here, checked as a whole when the row is processed. */
const cell = z.string().max(1000, { error: "too_long" });

/** A person for one role, by the role's label. */
export const bulkSendPersonSchema = z.object({
  role: cell,
  email: cell,
  firstname: cell,
  lastname: cell,
  /** The person's phone, for a role checked by a code by SMS (ignored when empty otherwise). */
  phone: cell.optional(),
});
export type BulkSendPerson = z.input<typeof bulkSendPersonSchema>;

/** One row: one envelope. */
export const bulkSendRowSchema = z.object({
  recipients: z.array(bulkSendPersonSchema).max(MAX_RECIPIENTS, { error: "too_many_recipients" }),
  /** The envelope's title; the template's when omitted or empty. */
  title: cell.optional(),
  /** The invitation message; the template's default when omitted or empty. */
  message: z
    .string()
    .max(2 * INVITATION_MESSAGE_MAX_LENGTH, { error: "too_long" })
    .optional(),
});
export type BulkSendRow = z.input<typeof bulkSendRowSchema>;

export const bulkSendSummarySchema = z.object({
  uuid,
  templateUuid: uuid,
  templateTitle: z.string(),
  workspaceUuid: uuid,
  creator: z.object({ name: z.string(), email: z.string() }),
  status: z.enum(BULK_SEND_STATUSES),
  total: z.number().int().min(0),
  sent: z.number().int().min(0),
  failed: z.number().int().min(0),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type BulkSendSummary = z.infer<typeof bulkSendSummarySchema>;

export const bulkSendRowResultSchema = z.object({
  /** 1-based, in the order of the request's rows. */
  row: z.number().int().positive(),
  status: z.enum(BULK_SEND_ROW_STATUSES),
  /** The sent envelope (`ok`). */
  envelopeUuid: uuid.nullable(),
  /** Why the row was not sent (`error`). */
  reason: z.enum(BULK_SEND_ROW_ERRORS).nullable(),
  /**
   * The CSV column of the cell that made the row fail (`<role label> email`, `title`...), when the
   * reason names one cell; null otherwise.
   */
  column: z.string().nullable(),
  /** That cell's value (at most 100 characters); null with `column`. */
  value: z.string().nullable(),
});
export type BulkSendRowResult = z.infer<typeof bulkSendRowResultSchema>;

// POST /template/bulk-send: an active template and the rows; answers at once, a job sends them
export const bulkSendRequestSchema = z.object({
  templateUuid: uuid,
  rows: z
    .array(bulkSendRowSchema)
    .min(1, { error: "required" })
    .max(MAX_BULK_SEND_ROWS, { error: "too_many_rows" }),
});
export type BulkSendRequest = z.input<typeof bulkSendRequestSchema>;

// POST /template/bulk-send-status: progress and the per-row report, paged by row
export const bulkSendStatusRequestSchema = z.object({
  bulkSendUuid: uuid,
  /** The first row to report (1-based). */
  fromRow: z.number().int().positive().default(1),
  limit: z.number().int().min(1).max(MAX_BULK_SEND_ROWS).default(100),
});
export type BulkSendStatusRequest = z.input<typeof bulkSendStatusRequestSchema>;
export const bulkSendStatusResponseSchema = z.object({
  bulkSend: bulkSendSummarySchema,
  rows: z.array(bulkSendRowResultSchema),
  /** The `fromRow` of the next page, null on the last one. */
  nextRow: z.number().int().positive().nullable(),
});
export type BulkSendStatusResponse = z.infer<typeof bulkSendStatusResponseSchema>;

// POST /template/list-bulk-sends: the team's bulk sends the caller may see, newest first
export const listBulkSendsRequestSchema = z.object({
  templateUuid: uuid.optional(),
  /** The `nextCursor` of the previous page (keyset pagination, newest first). */
  cursor: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(100).default(25),
});
export type ListBulkSendsRequest = z.input<typeof listBulkSendsRequestSchema>;
export const listBulkSendsResponseSchema = z.object({
  bulkSends: z.array(bulkSendSummarySchema),
  /** The cursor of the next page, null on the last one. */
  nextCursor: z.string().nullable(),
});
export type ListBulkSendsResponse = z.infer<typeof listBulkSendsResponseSchema>;
