import { z } from "zod";
import { emailSchema } from "./identity";

/**
 * Requests and answers of a workspace's contacts (spec §2, §3, §5): the list with search, sort and
 * paging, creating, editing and deleting one, and the all-or-nothing import of a CSV file's rows.
 * A contact is one per email in a workspace.
 */

/** Largest page of the contact list. */
export const CONTACT_PAGE_SIZE_MAX = 100;
/** Rows of one import (a CSV file of contacts or, later, of members). */
export const CONTACT_IMPORT_MAX_ROWS = 1000;
export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_SEARCH_MAX_LENGTH = 100;

const uuid = z.uuid();
const isoDate = z.iso.datetime();

const contactName = z
  .string()
  .trim()
  .min(1, { error: "required" })
  .max(CONTACT_NAME_MAX_LENGTH, { error: "too_long" });

/**
 * An international phone number (E.164: `+`, a country code, at most 15 digits). Spaces, dots,
 * dashes and parentheses typed between the digits are dropped; an empty value is no phone (null).
 */
export const contactPhoneSchema = z
  .string()
  .max(32, { error: "too_long" })
  .optional()
  .nullable()
  .transform((value) => (value ?? "").replace(/[\s().-]/g, ""))
  .pipe(z.union([z.literal(""), z.string().regex(/^\+[1-9]\d{1,14}$/, { error: "invalid_phone" })]))
  .transform((value) => (value === "" ? null : value));

/** A contact as typed in the form or read from a CSV row. */
export const contactInputSchema = z.object({
  email: emailSchema,
  firstname: contactName,
  lastname: contactName,
  phone: contactPhoneSchema,
});
export type ContactInput = z.input<typeof contactInputSchema>;

export const contactSchema = z.object({
  uuid,
  workspaceUuid: uuid,
  workspaceName: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  phone: z.string().nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Contact = z.infer<typeof contactSchema>;

export const CONTACT_SORT_FIELDS = ["email", "firstname", "lastname", "updatedAt"] as const;
export type ContactSortField = (typeof CONTACT_SORT_FIELDS)[number];

// POST /contact/list: the contacts of the caller's workspaces, or of one of them.
export const listContactsRequestSchema = z.object({
  workspaceUuid: uuid.optional(),
  /** Matches the email, first or last name (case-insensitive). */
  search: z.string().trim().max(CONTACT_SEARCH_MAX_LENGTH, { error: "too_long" }).optional(),
  sort: z.enum(CONTACT_SORT_FIELDS).default("email"),
  direction: z.enum(["asc", "desc"]).default("asc"),
  /** 0-based page number (offset paging). */
  page: z.number().int().min(0).max(100_000).default(0),
  pageSize: z.number().int().min(1).max(CONTACT_PAGE_SIZE_MAX).default(25),
});
export type ListContactsRequest = z.input<typeof listContactsRequestSchema>;
export const listContactsResponseSchema = z.object({
  contacts: z.array(contactSchema),
  /** Contacts matching the request, on every page. */
  total: z.number().int().min(0),
});
export type ListContactsResponse = z.infer<typeof listContactsResponseSchema>;

// POST /contact/get: one contact by workspace and email (the edit page's address).
export const getContactRequestSchema = z.object({ workspaceUuid: uuid, email: emailSchema });

// POST /contact/create
export const createContactRequestSchema = contactInputSchema.extend({ workspaceUuid: uuid });
export type CreateContactRequest = z.input<typeof createContactRequestSchema>;

// POST /contact/update: every field of the contact, its email included.
export const updateContactRequestSchema = contactInputSchema.extend({ contactUuid: uuid });
export type UpdateContactRequest = z.input<typeof updateContactRequestSchema>;

// POST /contact/delete
export const deleteContactRequestSchema = z.object({ contactUuid: uuid });
export const deleteContactResponseSchema = z.object({ deleted: z.literal(true) });

// POST /contact/import: all rows are written or none (a known email is updated).
export const importContactsRequestSchema = z.object({
  workspaceUuid: uuid,
  contacts: z
    .array(contactInputSchema)
    .min(1, { error: "empty_import" })
    .max(CONTACT_IMPORT_MAX_ROWS, { error: "too_many_rows" })
    .superRefine((contacts, ctx) => {
      const seen = new Set<string>();
      contacts.forEach((contact, index) => {
        if (seen.has(contact.email)) {
          ctx.addIssue({ code: "custom", message: "duplicate_email", path: [index, "email"] });
        }
        seen.add(contact.email);
      });
    }),
});
export type ImportContactsRequest = z.input<typeof importContactsRequestSchema>;
export const importContactsResponseSchema = z.object({
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
});
export type ImportContactsResponse = z.infer<typeof importContactsResponseSchema>;
