import { z } from "zod";
import { signerBrandingSchema } from "./branding";
import { VERIFICATION_CODE_LENGTH } from "./envelope";
import { emailSchema } from "./identity";

/**
 * Direct template links (`/d/<token>` on the signing site): a link of an active template for one
 * of its signer roles. A visitor gives their name and email, confirms the email with a one-time
 * code, and gets an envelope of their own made from the template, which they sign like any signer.
 * The team manages the link from the template's page (member calls); the visitor's calls are
 * public, signed with the app's credential, authorised by the link's token.
 */

/** Uses per hour a link accepts, when the sender does not say. */
export const DIRECT_LINK_DEFAULT_USES_PER_HOUR = 20;
/** At most this many uses per hour per link. */
export const DIRECT_LINK_MAX_USES_PER_HOUR = 1000;
/** The highest maximum number of uses a link can be given. */
export const DIRECT_LINK_MAX_USES = 100_000;

const uuid = z.uuid();
const isoDate = z.iso.datetime();
const personName = z.string().trim().min(1, { error: "required" }).max(100, { error: "too_long" });
/** A link's token (base64url, 32 characters), as the `/d/<token>` address carries it. */
export const directLinkTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{32}$/, { error: "invalid_link" });

/** A person chosen for one of the template's other roles. */
export const directLinkPersonSchema = z.object({
  roleUuid: uuid,
  email: emailSchema,
  firstname: personName,
  lastname: personName,
});
export type DirectLinkPerson = z.infer<typeof directLinkPersonSchema>;

/** A template's direct link as its team sees it (never its token, which is kept hashed). */
export const directLinkSchema = z.object({
  enabled: z.boolean(),
  roleUuid: uuid,
  others: z.array(directLinkPersonSchema),
  maxUses: z.number().int().nullable(),
  usesPerHour: z.number().int(),
  uses: z.number().int(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type DirectLink = z.infer<typeof directLinkSchema>;

// POST /template/direct-link/get
export const getDirectLinkRequestSchema = z.object({ templateUuid: uuid });
export const getDirectLinkResponseSchema = z.object({ link: directLinkSchema.nullable() });
export type GetDirectLinkResponse = z.infer<typeof getDirectLinkResponseSchema>;

// POST /template/direct-link/save: turns the link on (a new token the first time) or changes it.
export const saveDirectLinkRequestSchema = z.object({
  templateUuid: uuid,
  /** The signer role the visitor takes. */
  roleUuid: uuid,
  /** A person for each other role without a default person; by role. */
  others: z.array(directLinkPersonSchema).max(50, { error: "too_many_recipients" }).default([]),
  maxUses: z
    .number()
    .int()
    .min(1, { error: "too_small" })
    .max(DIRECT_LINK_MAX_USES, { error: "too_big" })
    .nullable()
    .default(null),
  usesPerHour: z
    .number()
    .int()
    .min(1, { error: "too_small" })
    .max(DIRECT_LINK_MAX_USES_PER_HOUR, { error: "too_big" })
    .default(DIRECT_LINK_DEFAULT_USES_PER_HOUR),
});
export type SaveDirectLinkRequest = z.input<typeof saveDirectLinkRequestSchema>;
/** The link, and its token when this call made one (the only time it is shown). */
export const saveDirectLinkResponseSchema = z.object({
  link: directLinkSchema,
  token: directLinkTokenSchema.optional(),
});
export type SaveDirectLinkResponse = z.infer<typeof saveDirectLinkResponseSchema>;

// POST /template/direct-link/rotate: a new token; the old link stops.
export const rotateDirectLinkRequestSchema = getDirectLinkRequestSchema;
export const rotateDirectLinkResponseSchema = z.object({
  link: directLinkSchema,
  token: directLinkTokenSchema,
});
export type RotateDirectLinkResponse = z.infer<typeof rotateDirectLinkResponseSchema>;

// POST /template/direct-link/disable: the link stops until turned on again (same token).
export const disableDirectLinkRequestSchema = getDirectLinkRequestSchema;
export const disableDirectLinkResponseSchema = getDirectLinkResponseSchema;

// POST /direct-link/open (public): what the visitor's page shows.
export const openDirectLinkRequestSchema = z.object({ token: directLinkTokenSchema });
export const openDirectLinkResponseSchema = z.object({
  templateTitle: z.string(),
  teamName: z.string(),
  /** What the visitor sees of the team, as the signing link's open call gives it. */
  branding: signerBrandingSchema.optional(),
});
export type OpenDirectLinkResponse = z.infer<typeof openDirectLinkResponseSchema>;

// POST /direct-link/send-code (public): mails a one-time code to the visitor.
export const sendDirectLinkCodeRequestSchema = z.object({
  token: directLinkTokenSchema,
  firstname: personName,
  lastname: personName,
  email: emailSchema,
});
export type SendDirectLinkCodeRequest = z.input<typeof sendDirectLinkCodeRequestSchema>;
export const sendDirectLinkCodeResponseSchema = z.object({
  sent: z.literal(true),
  expiresInSeconds: z.number().int(),
});

// POST /direct-link/confirm (public): the code; an envelope of the visitor's own, and its link.
export const confirmDirectLinkRequestSchema = z.object({
  token: directLinkTokenSchema,
  email: emailSchema,
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), { error: "code_invalid" }),
});
export type ConfirmDirectLinkRequest = z.input<typeof confirmDirectLinkRequestSchema>;
export const confirmDirectLinkResponseSchema = z.object({
  envelopeUuid: uuid,
  token: z.string(),
  secretKey: z.string(),
});
export type ConfirmDirectLinkResponse = z.infer<typeof confirmDirectLinkResponseSchema>;
