import { z } from "zod";
import { undeliveredMailSchema } from "./mail-sender";
import { USER_AGENT_MAX_LENGTH, emailSchema } from "./identity";
import { envelopeTagSchema } from "./tag";
import { signerBrandingSchema } from "./branding";
import { fieldSettingsProblems, fieldSettingsSchema } from "./field-rules";

/**
 * Requests and answers of envelopes: upload, editor, sending, the request list, the activity log,
 * downloads, and the public calls of the signing link (spec §2, §3, §4, §5, §7). Coordinates of
 * fields are fractions of the page (0..1) from its top-left corner, so that they do not depend on
 * the size a page is shown at.
 */

/** Spec §5/§9: a cancellation reason is required and under 500 characters. */
export const CANCEL_REASON_MAX_LENGTH = 499;
/** The cancel reason of an envelope whose deadline (`options.expiresAt`) passed unsigned. */
export const EXPIRED_CANCEL_REASON = "expired";
/** A decline reason has the same bounds. */
export const DECLINE_REASON_MAX_LENGTH = 499;
export const ENVELOPE_TITLE_MAX_LENGTH = 255;
export const INVITATION_MESSAGE_MAX_LENGTH = 2000;
/** Recipients per envelope and fields per envelope. */
export const MAX_RECIPIENTS = 50;
export const MAX_FIELDS = 500;
/** Documents in one upload. */
export const MAX_DOCUMENTS_PER_ENVELOPE = 10;
/**
 * What a signer may type into a text field: 1,000 characters, about what the largest field on a
 * page can show at a readable size. Stamping shrinks and wraps it in time linear in its length.
 */
export const FIELD_VALUE_MAX_LENGTH = 1000;
/**
 * The first page's preview carried by `/envelope/open`: at most 512 KB (a larger one is asked for
 * as any other page), so 699,052 characters of base64.
 */
export const FIRST_PAGE_PREVIEW_MAX_BYTES = 512 * 1024;
export const FIRST_PAGE_PREVIEW_MAX_BASE64_LENGTH = Math.ceil(FIRST_PAGE_PREVIEW_MAX_BYTES / 3) * 4;
/**
 * Widths, in pixels, a page preview is drawn at for the signing page: the screen asks for the
 * smallest one at least as wide as it shows the page (`previewWidthFor`); the widest is the one
 * every page gets drawn at after the upload, and the one served when none is asked for.
 */
export const PREVIEW_WIDTHS = [480, 720, 1000] as const;
export type PreviewWidth = (typeof PREVIEW_WIDTHS)[number];
/** The widest of PREVIEW_WIDTHS: what a page is drawn at when no width is asked for. */
export const DEFAULT_PREVIEW_WIDTH: PreviewWidth = 1000;
export const previewWidthSchema = z.literal(PREVIEW_WIDTHS);
/**
 * The preview width for a screen `cssWidth` CSS pixels wide at `pixelRatio` device pixels per CSS
 * pixel: the smallest of PREVIEW_WIDTHS at least that many device pixels, else the widest.
 */
export function previewWidthFor(cssWidth: number, pixelRatio: number): PreviewWidth {
  const wanted = Math.ceil(
    cssWidth * (Number.isFinite(pixelRatio) && pixelRatio > 0 ? pixelRatio : 1),
  );
  return PREVIEW_WIDTHS.find((width) => width >= wanted) ?? DEFAULT_PREVIEW_WIDTH;
}
/** An image field's value: a PNG in base64 (about 15 KB). */
export const FIELD_IMAGE_VALUE_MAX_LENGTH = 20_000;
/** A typed signature's text (drawn as an image, shown on the proof). */
export const TYPED_NAME_MAX_LENGTH = 100;
/**
 * Largest signature, initials or image-field picture, in pixels: the api refuses a PNG whose
 * header declares more (field error `image_too_large`) before storing anything.
 */
export const SIGNATURE_IMAGE_MAX_WIDTH = 2000;
export const SIGNATURE_IMAGE_MAX_HEIGHT = 800;

export const ENVELOPE_STATUSES = [
  "draft",
  "approving",
  "signing",
  "complete",
  "declined",
  "canceled",
] as const;
export type EnvelopeStatus = (typeof ENVELOPE_STATUSES)[number];
export const envelopeStatusSchema = z.enum(ENVELOPE_STATUSES);

/** The filters of the envelope list (spec §2: all, drafts, signing, complete). */
export const ENVELOPE_LIST_FILTERS = ["all", "draft", "signing", "complete"] as const;
export type EnvelopeListFilter = (typeof ENVELOPE_LIST_FILTERS)[number];

export const RECIPIENT_STATUSES = [
  "pending",
  "approved",
  "signed",
  "viewed",
  "declined",
  "canceled",
] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];
export const recipientStatusSchema = z.enum(RECIPIENT_STATUSES);

/**
 * What a recipient does: a signer signs; an approver reads every page and approves or rejects
 * before any signer is invited (the envelope is `approving` until every approver has approved);
 * a copy (`cc`) never acts, has no fields, blocks no step, and receives the sealed documents and
 * the proof when the envelope completes; a viewer is invited in their step like a signer, reads
 * every page and marks the document read (`/envelope/mark-read`, status `viewed`), has no fields
 * and never signs: the envelope completes only once every viewer has read it.
 */
export const RECIPIENT_KINDS = ["signer", "approver", "cc", "viewer"] as const;
export type RecipientKind = (typeof RECIPIENT_KINDS)[number];
export const recipientKindSchema = z.enum(RECIPIENT_KINDS);

/**
 * The check a recipient passes before signing: none, a 6-digit code mailed to the recipient's
 * address (apart from the link), a 6-digit code sent by SMS to the recipient's phone (which
 * must then be set, E.164), both through `/envelope/verification/send` then
 * `/envelope/verification/check`, or signing in to the Paraphe account whose email is the
 * recipient's (`account`): a code mailed to that account through the same two calls, or a passkey
 * of that account through `/envelope/verification/passkey-options` then
 * `/envelope/verification/passkey-check`. A recipient without such an account is refused
 * (CONFLICT `account_required`).
 */
export const RECIPIENT_VERIFICATIONS = ["none", "email_code", "sms_code", "account"] as const;
export type RecipientVerification = (typeof RECIPIENT_VERIFICATIONS)[number];
export const recipientVerificationSchema = z.enum(RECIPIENT_VERIFICATIONS);
/** A signer's verification code: 6 digits. */
export const VERIFICATION_CODE_LENGTH = 6;
/** A phone number an SMS can go to: E.164 (`+`, a country code, at most 15 digits). */
export const E164_PHONE = /^\+[1-9]\d{1,14}$/;
/** A phone number as typed (spaces, dots, dashes, parentheses between the digits) in E.164, or null. */
export function toE164(phone: string | null | undefined): string | null {
  if (phone === null || phone === undefined) return null;
  const compact = phone.replace(/[\s().-]/g, "");
  return E164_PHONE.test(compact) ? compact : null;
}

export const SIGNATURE_LEVELS = ["SES", "AES", "QES"] as const;
export type SignatureLevel = (typeof SIGNATURE_LEVELS)[number];
export const signatureLevelSchema = z.enum(SIGNATURE_LEVELS);

/**
 * Presets of signing steps: parallel (everyone in step 1), sequential (one recipient per step,
 * approvers first), custom (each recipient's `step` as the sender numbered it).
 */
export const SIGNING_ORDERS = ["parallel", "sequential", "custom"] as const;
export type SigningOrder = (typeof SIGNING_ORDERS)[number];

export const FIELD_KINDS = [
  "signature",
  "initials",
  "text",
  "image",
  "date",
  "name",
  "email",
  "checkbox",
  /** One of its options, shown as a group of radio buttons. */
  "radio",
  /** One of its options, from a list. */
  "dropdown",
  /** A number, within its minimum, maximum and decimals. */
  "number",
  /** An international phone number (E.164). */
  "phone",
  /** Text the sender writes (its default value), shown and stamped, not editable. */
  "readonly",
  /** Files the signer uploads (PDF, PNG or JPEG), embedded in the sealed PDF. */
  "attachment",
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];
export const fieldKindSchema = z.enum(FIELD_KINDS);

export const ACTIVITY_EVENT_TYPES = [
  "envelopeCreated",
  "envelopeSent",
  "envelopeOpened",
  "documentSigned",
  "documentApproved",
  "approvalRejected",
  "documentViewed",
  "signerDelegated",
  "signerVerified",
  "stepStarted",
  "stepEnded",
  "envelopeCompleted",
  "envelopeDeclined",
  "envelopeCanceled",
] as const;
export type ActivityEventType = (typeof ACTIVITY_EVENT_TYPES)[number];

const uuid = z.uuid();
const isoDate = z.iso.datetime();
const fraction = z.number().min(0).max(1);
/** Base64 of binary data (a PDF, a PNG). */
const base64 = z.base64({ error: "invalid_file" }).min(1, { error: "invalid_file" });

const requiredName = z
  .string()
  .trim()
  .min(1, { error: "required" })
  .max(100, { error: "too_long" });

export const envelopeTitleSchema = z
  .string()
  .trim()
  .min(1, { error: "required" })
  .max(ENVELOPE_TITLE_MAX_LENGTH, { error: "too_long" });

export const cancelReasonSchema = z
  .string()
  .trim()
  .min(1, { error: "required" })
  .max(CANCEL_REASON_MAX_LENGTH, { error: "too_long" });

// --- Shapes ---------------------------------------------------------------------------------

export const documentPageSchema = z.object({
  /** Page size in PDF points. */
  width: z.number().positive(),
  height: z.number().positive(),
});

export const envelopeDocumentSchema = z.object({
  uuid,
  filename: z.string(),
  pageCount: z.number().int().positive(),
  pages: z.array(documentPageSchema),
  sha256: z.string(),
  /**
   * Pages whose preview image is ready (rendered after the upload, in page order; a page asked for
   * before its turn is rendered at once). Given by the editor's reads (`/envelope/get`,
   * `/template/get`); the apps poll it to show "preparing pages n / N".
   */
  previewsReady: z.number().int().min(0).optional(),
  /**
   * Pages (0-based, ascending) whose preview cannot be drawn: no signer could read them, so an
   * envelope with such a page is refused at sending (CONFLICT `pages_unreadable`). Given with
   * `previewsReady`; they do not count in it.
   */
  unreadablePages: z.array(z.number().int().min(0)).optional(),
});
export type EnvelopeDocument = z.infer<typeof envelopeDocumentSchema>;

export const recipientSchema = z.object({
  uuid,
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  phone: z.string().nullable(),
  /** 1-based position in the list of recipients. */
  order: z.number().int().positive(),
  /**
   * The recipient's signing step (1..the number of recipients, without gaps): steps run in order,
   * everyone of a step at once, its approvers before its signers. Parallel order: 1 for everyone;
   * sequential: one step each, approvers first.
   */
  step: z.number().int().positive(),
  /** Signer or approver (approvers act first and have no fields). */
  kind: recipientKindSchema,
  /** The check required before signing; absent means none. */
  verification: recipientVerificationSchema.optional(),
  status: recipientStatusSchema,
  /**
   * When the recipient was first mailed their link; null until then (a later signer in sequential
   * order, or a signer while approvers approve). Only an invited recipient's invitation can be sent
   * again.
   */
  invitedAt: isoDate.nullable(),
  signedAt: isoDate.nullable(),
  approvedAt: isoDate.nullable(),
  /** When a viewer marked the document read (every page read); null (or absent) until then. */
  viewedAt: isoDate.nullable().optional(),
  declinedAt: isoDate.nullable(),
  declineReason: z.string().nullable(),
});
export type Recipient = z.infer<typeof recipientSchema>;

export const fieldPlacementSchema = z
  .object({
    documentUuid: uuid,
    /** 0-based page index. */
    page: z.number().int().min(0),
    x: fraction,
    y: fraction,
    width: fraction.refine((value) => value > 0, { error: "too_small" }),
    height: fraction.refine((value) => value > 0, { error: "too_small" }),
  })
  .refine((field) => field.x + field.width <= 1.0001 && field.y + field.height <= 1.0001, {
    error: "outside_page",
  });

export const fieldSchema = z.object({
  uuid,
  documentUuid: uuid,
  page: z.number().int().min(0),
  x: fraction,
  y: fraction,
  width: fraction,
  height: fraction,
  kind: fieldKindSchema,
  recipientUuid: uuid,
  required: z.boolean(),
  label: z.string().nullable(),
  /** Options, bounds, default value, validation and condition (`fieldSettingsSchema`). */
  settings: fieldSettingsSchema,
});
export type Field = z.infer<typeof fieldSchema>;

/** Most bytes of signature and image pictures that `/envelope/open` carries in `completedFields`. */
export const COMPLETED_FIELD_IMAGES_MAX_BYTES = 4 * 1024 * 1024;
/**
 * A field an earlier recipient completed, as later signers and approvers see it drawn on the page,
 * read-only: `text` for text, date, name, email and checkbox (`"true"`) fields, `image` (a PNG,
 * base64) for signatures, initials and image fields; past COMPLETED_FIELD_IMAGES_MAX_BYTES of
 * pictures in all, `image` is null and the field says only who signed.
 */
export const completedFieldSchema = fieldSchema.omit({ required: true, settings: true }).extend({
  /** Who completed it: the recipient's name. */
  by: z.string().max(512),
  text: z.string().max(FIELD_VALUE_MAX_LENGTH).nullable(),
  image: z
    .string()
    .max(Math.ceil(COMPLETED_FIELD_IMAGES_MAX_BYTES / 3) * 4)
    .nullable(),
});
export type CompletedField = z.infer<typeof completedFieldSchema>;

export const envelopeOptionsSchema = z.object({
  signatureLevel: signatureLevelSchema,
  /** Whose name the invitation shows: the team's or the sender's. */
  senderName: z.enum(["team", "personal"]),
  message: z.string().max(INVITATION_MESSAGE_MAX_LENGTH, { error: "too_long" }).nullable(),
  initialsOnAllPages: z.boolean(),
  expiresAt: isoDate.nullable(),
  /** Days between reminder mails to recipients who have not signed; null: no reminders. */
  reminderDays: z.number().int().min(1).max(30).nullable(),
  signingOrder: z.enum(SIGNING_ORDERS),
  /**
   * Whether a signer may hand their turn to someone else from the signing page
   * (`/envelope/delegate`); off unless said otherwise, carried from a template to its envelopes.
   */
  allowDelegation: z.boolean(),
});
export type EnvelopeOptions = z.infer<typeof envelopeOptionsSchema>;

export const envelopeSummarySchema = z.object({
  uuid,
  workspaceUuid: uuid,
  title: z.string(),
  status: envelopeStatusSchema,
  owner: z.object({ name: z.string(), email: z.string() }),
  signerCount: z.number().int().min(0),
  signedCount: z.number().int().min(0),
  /** A small preview of the first page, through `/envelope/page-preview`. */
  firstDocumentUuid: uuid.nullable(),
  /** The team's tags set on it (`POST /envelope/set-tags`). */
  tags: z.array(envelopeTagSchema),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type EnvelopeSummary = z.infer<typeof envelopeSummarySchema>;

export const envelopeDetailSchema = envelopeSummarySchema.extend({
  documents: z.array(envelopeDocumentSchema),
  recipients: z.array(recipientSchema),
  fields: z.array(fieldSchema),
  options: envelopeOptionsSchema,
  sentAt: isoDate.nullable(),
  completedAt: isoDate.nullable(),
  canceledAt: isoDate.nullable(),
  cancelReason: z.string().nullable(),
  /**
   * When sealing gave up after its last attempt (the envelope stays in signing until a retry
   * succeeds: `POST /envelope/retry-seal`); null otherwise.
   */
  sealingFailedAt: isoDate.nullable(),
  /**
   * When the team's retention policy will delete this ended envelope's documents (or the whole
   * envelope); null when no policy applies or they are already deleted.
   */
  documentsDeleteAt: isoDate.nullable().optional(),
  /** When the team's retention policy deleted the documents (the proof is kept); null until then. */
  documentsDeletedAt: isoDate.nullable().optional(),
  /**
   * Mail about the envelope not delivered yet that failed at least once, with why (issue 33): a
   * team's own server that fails holds its mail until it recovers, and says so here.
   */
  undeliveredMails: z.array(undeliveredMailSchema).optional(),
  /** Whether the caller is one of the recipients (the view then offers to sign). */
  callerRecipientUuid: uuid.nullable(),
});
export type EnvelopeDetail = z.infer<typeof envelopeDetailSchema>;

// --- Sender calls (session credential) ------------------------------------------------------

// POST /envelope/upload
export const uploadEnvelopeRequestSchema = z.object({
  /** The workspace; the team's default workspace when omitted. */
  workspaceUuid: uuid.optional(),
  files: z
    .array(
      z.object({
        filename: z.string().trim().min(1).max(255),
        /** The PDF, base64. */
        data: base64,
      }),
    )
    .min(1, { error: "required" })
    .max(MAX_DOCUMENTS_PER_ENVELOPE, { error: "too_many_files" }),
  /** The title; the first file's name without extension when omitted. */
  title: envelopeTitleSchema.optional(),
});
export type UploadEnvelopeRequest = z.input<typeof uploadEnvelopeRequestSchema>;

// POST /envelope/list
export const listEnvelopesRequestSchema = z.object({
  filter: z.enum(ENVELOPE_LIST_FILTERS).default("all"),
  workspaceUuid: uuid.optional(),
  /** Only envelopes carrying this tag. */
  tagUuid: uuid.optional(),
  /** The `nextCursor` of the previous page (keyset pagination). */
  cursor: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(100).default(25),
});
export type ListEnvelopesRequest = z.input<typeof listEnvelopesRequestSchema>;
export const listEnvelopesResponseSchema = z.object({
  envelopes: z.array(envelopeSummarySchema),
  nextCursor: z.string().nullable(),
});
export type ListEnvelopesResponse = z.infer<typeof listEnvelopesResponseSchema>;

export const envelopeRefSchema = z.object({ envelopeUuid: uuid });

// POST /envelope/get
export const getEnvelopeRequestSchema = envelopeRefSchema;

// POST /envelope/update (drafts: title and options; the title also later)
export const updateEnvelopeRequestSchema = envelopeRefSchema.extend({
  title: envelopeTitleSchema.optional(),
  options: envelopeOptionsSchema.partial().optional(),
});
export type UpdateEnvelopeRequest = z.input<typeof updateEnvelopeRequestSchema>;

// POST /envelope/save-recipients (drafts)
/** A signing step given by the sender: a whole number from 1 (`invalid_step` otherwise). */
export const stepInputSchema = z
  .number({ error: "invalid_step" })
  .int({ error: "invalid_step" })
  .min(1, { error: "invalid_step" });

export const recipientInputSchema = z
  .object({
    /** Kept when editing an existing recipient (its fields stay assigned). */
    uuid: uuid.optional(),
    email: emailSchema,
    firstname: requiredName,
    lastname: requiredName,
    phone: z
      .string()
      .trim()
      .max(32, { error: "too_long" })
      .regex(/^[+\d\s().-]*$/, { error: "invalid_phone" })
      .optional()
      .transform((value) => (value === undefined || value === "" ? null : value)),
    saveToContacts: z.boolean().default(false),
    /**
     * Signer unless said otherwise: an approver approves before the signers sign, and has no fields;
     * a copy (`cc`) has no fields either and only receives the result.
     */
    kind: recipientKindSchema.default("signer"),
    /**
     * The signing step in custom order (1..the number of recipients; renumbered without gaps when
     * saved, so 1, 3, 3 is kept as 1, 2, 2). Left out: the recipient's position. Parallel and
     * sequential order set the steps themselves.
     */
    step: stepInputSchema.optional(),
    /**
     * The check a signer passes before signing; none unless said otherwise. `sms_code` needs a phone
     * in international form (`phone_required_for_sms` on `phone` otherwise).
     */
    verification: recipientVerificationSchema.default("none"),
  })
  .superRefine((recipient, ctx) => {
    if (
      recipient.kind === "signer" &&
      recipient.verification === "sms_code" &&
      toE164(recipient.phone) === null
    ) {
      ctx.addIssue({ code: "custom", message: "phone_required_for_sms", path: ["phone"] });
    }
  });
export type RecipientInput = z.input<typeof recipientInputSchema>;

/** Refuses a step past the number of people (`step_too_large`): steps count from 1 without gaps. */
export function refineSteps(
  people: readonly { step?: number | undefined }[],
  ctx: z.RefinementCtx,
): void {
  people.forEach((person, index) => {
    if (person.step !== undefined && person.step > people.length) {
      ctx.addIssue({ code: "custom", message: "step_too_large", path: [index, "step"] });
    }
  });
}
export const saveRecipientsRequestSchema = envelopeRefSchema.extend({
  /** In signing order. */
  recipients: z
    .array(recipientInputSchema)
    .max(MAX_RECIPIENTS, { error: "too_many_recipients" })
    .superRefine((recipients, ctx) => {
      refineSteps(recipients, ctx);
      const seen = new Set<string>();
      recipients.forEach((recipient, index) => {
        if (seen.has(recipient.email)) {
          ctx.addIssue({ code: "custom", message: "already_added", path: [index, "email"] });
        }
        seen.add(recipient.email);
      });
    }),
});
export type SaveRecipientsRequest = z.input<typeof saveRecipientsRequestSchema>;

// POST /envelope/save-fields (drafts): the whole set of fields
export const fieldInputSchema = z.intersection(
  fieldPlacementSchema,
  z
    .object({
      uuid: uuid.optional(),
      kind: fieldKindSchema,
      recipientUuid: uuid,
      required: z.boolean().default(true),
      label: z.string().trim().max(100).nullable().default(null),
      settings: fieldSettingsSchema.default({}),
    })
    .superRefine((field, context) => {
      for (const [path, message] of fieldSettingsProblems(field)) {
        context.addIssue({ code: "custom", path: ["settings", path], message });
      }
    }),
);
export type FieldInput = z.input<typeof fieldInputSchema>;
export const saveFieldsRequestSchema = envelopeRefSchema.extend({
  fields: z.array(fieldInputSchema).max(MAX_FIELDS, { error: "too_many_fields" }),
});
export type SaveFieldsRequest = z.input<typeof saveFieldsRequestSchema>;

// POST /envelope/send
export const sendEnvelopeRequestSchema = envelopeRefSchema;

// POST /envelope/cancel
export const cancelEnvelopeRequestSchema = envelopeRefSchema.extend({ reason: cancelReasonSchema });
export type CancelEnvelopeRequest = z.input<typeof cancelEnvelopeRequestSchema>;

// POST /envelope/retry-seal (an envelope whose sealing gave up)
export const retrySealRequestSchema = envelopeRefSchema;
export type RetrySealRequest = z.input<typeof retrySealRequestSchema>;

/**
 * How many days after an envelope ended (completed, declined, canceled) its signing links still
 * open it: to see the outcome and, once complete, download the signed documents. Signing through
 * a link stops as soon as the envelope ends.
 */
export const SIGNING_LINK_DAYS_AFTER_END = 30;

// POST /envelope/resend-invitation: a recipient who has not signed gets a new link; the old one stops working.
export const resendInvitationRequestSchema = envelopeRefSchema.extend({ recipientUuid: uuid });
export type ResendInvitationRequest = z.input<typeof resendInvitationRequestSchema>;

// POST /envelope/move
export const moveEnvelopeRequestSchema = envelopeRefSchema.extend({ workspaceUuid: uuid });

// POST /envelope/delete (drafts only)
export const deleteEnvelopeRequestSchema = envelopeRefSchema;
export const deleteEnvelopeResponseSchema = z.object({ deleted: z.literal(true) });

// POST /envelope/page-preview
export const pagePreviewRequestSchema = envelopeRefSchema.extend({
  documentUuid: uuid,
  page: z.number().int().min(0),
});
export const binaryFileSchema = z.object({
  filename: z.string(),
  contentType: z.string(),
  /** Base64. */
  data: z.string(),
});
export type BinaryFile = z.infer<typeof binaryFileSchema>;

// POST /envelope/download
export const DOWNLOAD_KINDS = ["original", "sealed", "proof"] as const;
export const downloadEnvelopeRequestSchema = envelopeRefSchema.extend({
  kind: z.enum(DOWNLOAD_KINDS),
  /** For `original`: which document (the first by default). */
  documentUuid: uuid.optional(),
});

// POST /envelope/activity
export const activityEventSchema = z.object({
  type: z.enum(ACTIVITY_EVENT_TYPES),
  at: isoDate,
  actor: z.object({ name: z.string(), email: z.string() }).nullable(),
  recipients: z.array(z.object({ name: z.string(), email: z.string() })),
  reason: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().max(USER_AGENT_MAX_LENGTH).nullable(),
  /** On `envelopeCreated`: the template the envelope was created from (`/template/create-envelope`). */
  fromTemplate: z.object({ uuid, title: z.string() }).optional(),
  /** On `envelopeCreated`: the team API key that created it, in the name of its creator. */
  viaApiKey: z.object({ uuid, description: z.string() }).optional(),
  /** On `envelopeCreated`: made for a visitor of the template's direct link. */
  viaDirectLink: z.literal(true).optional(),
  /**
   * On `stepStarted` and `stepEnded`: the signing step (from 1) and how many the envelope has;
   * `recipients` are those a starting step invites.
   */
  step: z.object({ number: z.number().int().min(1), of: z.number().int().min(1) }).optional(),
  /** On `envelopeSent`: the recipients in copy (`recipients` are those who act). */
  copied: z.array(z.object({ name: z.string(), email: z.string() })).optional(),
  /** On `signerDelegated`: who the signer (the actor) handed their turn to (`reason` says why). */
  delegatedTo: z.object({ name: z.string(), email: z.string() }).optional(),
  /** On `documentSigned`: the files the signer attached, as the chain recorded them. */
  attachments: z
    .array(z.object({ name: z.string(), size: z.number().int(), sha256: z.string() }))
    .optional(),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;
export const activityResponseSchema = z.object({
  events: z.array(activityEventSchema),
  /** The hash chain of the log checks out (no past event was changed). */
  chainValid: z.boolean(),
});

// POST /envelope/list-requests (spec §3 signing request)
export const signingRequestSchema = z.object({
  envelopeUuid: uuid,
  envelopeTitle: z.string(),
  envelopeStatus: envelopeStatusSchema,
  recipientStatus: recipientStatusSchema,
  /** Whether the person is asked to approve (an approver) or to sign. */
  recipientKind: recipientKindSchema,
  sender: z.object({ name: z.string(), email: z.string() }),
  recipientLink: z.object({ token: z.string(), secretKey: z.string(), creationDate: isoDate }),
  documents: z.array(z.object({ uuid, preview: z.string().nullable() })),
});
export type SigningRequest = z.infer<typeof signingRequestSchema>;
export const listRequestsRequestSchema = z.object({});
export const listRequestsResponseSchema = z.object({ requests: z.array(signingRequestSchema) });

// POST /envelope/dashboard
export const dashboardRequestSchema = z.object({});
export const dashboardResponseSchema = z.object({
  pendingSignature: z.number().int().min(0),
  inProgress: z.number().int().min(0),
  completed: z.number().int().min(0),
  drafts: z.number().int().min(0),
  inboxPending: z.number().int().min(0),
  recent: z.array(envelopeSummarySchema),
});

// POST /workspace/list
export const workspaceSchema = z.object({
  uuid,
  name: z.string(),
  color: z.string(),
  isDefault: z.boolean(),
  memberCount: z.number().int().min(0),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Workspace = z.infer<typeof workspaceSchema>;
export const listWorkspacesRequestSchema = z.object({});
export const listWorkspacesResponseSchema = z.object({ workspaces: z.array(workspaceSchema) });

// POST /contact/lookup: is this email already in the workspace's contacts?
export const lookupContactRequestSchema = z.object({ workspaceUuid: uuid, email: emailSchema });
export const lookupContactResponseSchema = z.object({
  contact: z
    .object({
      email: z.string(),
      firstname: z.string(),
      lastname: z.string(),
      phone: z.string().nullable(),
    })
    .nullable(),
});

// --- Public calls of the signing link (app-level credential, authorised by the link) -----------

export const accessLinkSchema = z.object({
  envelopeUuid: uuid,
  token: z.string().min(16).max(128),
  secretKey: z.string().min(16).max(128),
});
export type AccessLink = z.infer<typeof accessLinkSchema>;

// POST /envelope/open
export const openEnvelopeRequestSchema = accessLinkSchema.extend({
  /** The width `firstPage` is drawn at (PREVIEW_WIDTHS); the widest when absent. */
  previewWidth: previewWidthSchema.optional(),
});
export const openEnvelopeResponseSchema = z.object({
  envelope: z.object({
    uuid,
    title: z.string(),
    status: envelopeStatusSchema,
    signatureLevel: signatureLevelSchema,
    message: z.string().nullable(),
    sender: z.object({ name: z.string(), email: z.string() }),
    expiresAt: isoDate.nullable(),
    /** Whether a signer may hand their turn to someone else (`/envelope/delegate`); absent: no. */
    allowDelegation: z.boolean().optional(),
  }),
  recipient: z.object({
    uuid,
    email: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    status: recipientStatusSchema,
    /** An approver approves or rejects; a signer signs or declines. */
    kind: recipientKindSchema,
    /**
     * False while it is not this recipient's turn: for a signer, while approvers have not all
     * approved or an earlier signer (sequential order) has not signed; for an approver, while an
     * earlier approver (sequential order) has not approved.
     */
    isTurn: z.boolean(),
    /** The check required before signing; absent means none. */
    verification: recipientVerificationSchema.optional(),
    /** When the required check was passed; null (or absent) until then, and when none is required. */
    verifiedAt: isoDate.nullable().optional(),
  }),
  documents: z.array(envelopeDocumentSchema),
  /** This recipient's fields. */
  fields: z.array(fieldSchema),
  /**
   * What earlier recipients filled in and signed, drawn read-only on the pages (only while this
   * recipient can act on the envelope; empty otherwise).
   */
  completedFields: z.array(completedFieldSchema),
  /** Pages this recipient has read, per document (every page is needed to sign). */
  viewedPages: z.record(z.string(), z.array(z.number().int().min(0))),
  /** The interface language the sender chose for mail, for the first visit. */
  language: z.enum(["en", "fr"]),
  /**
   * The first page's preview (page 0 of the first document), so the signing page shows it without
   * another call; served (and recorded as served, as `/envelope/download-signer-document` does)
   * only while the recipient can act on the envelope and the preview exists and is at most
   * FIRST_PAGE_PREVIEW_MAX_BYTES; otherwise null, and the page is asked for as any other.
   */
  firstPage: binaryFileSchema
    .extend({ documentUuid: uuid, data: z.string().max(FIRST_PAGE_PREVIEW_MAX_BASE64_LENGTH) })
    .nullable(),
  /** What the signer sees of the envelope's team (logo, name, colours, footer, links). */
  branding: signerBrandingSchema.optional(),
});
export type OpenEnvelopeResponse = z.infer<typeof openEnvelopeResponseSchema>;

// POST /envelope/download-signer-document
export const downloadSignerDocumentRequestSchema = accessLinkSchema.extend({
  documentUuid: uuid.optional(),
  /**
   * A page preview (recorded as served; `/envelope/mark-page-read` then marks it read); without it,
   * the whole PDF (sealed once complete).
   */
  page: z.number().int().min(0).optional(),
  /** With `page`: the width the preview is drawn at (PREVIEW_WIDTHS); the widest when absent. */
  previewWidth: previewWidthSchema.optional(),
  /**
   * The audit-log proof instead of a document, once the envelope is complete (CONFLICT
   * `not_complete` before): every recipient's link, a copy's too, gives the sealed PDF and its proof.
   */
  proof: z.boolean().optional(),
});

// POST /envelope/mark-page-read
/**
 * A page of a document the recipient has seen on screen. Only a page whose preview was served to
 * the recipient can be read; signing and approving need every page of every document read.
 */
export const markPageReadRequestSchema = accessLinkSchema.extend({
  documentUuid: uuid,
  page: z.number().int().min(0).max(99_999),
});
export const markPageReadResponseSchema = z.object({
  /** The pages read so far, by document uuid (as `/envelope/open` gives them). */
  viewedPages: z.record(z.string(), z.array(z.number().int().min(0))),
});
export type MarkPageReadResponse = z.infer<typeof markPageReadResponseSchema>;

// POST /envelope/verification/send
/**
 * Sends a fresh verification code (when their signature needs one): by mail to the recipient's
 * address for `email_code`, by SMS to their phone for `sms_code`, by mail to the Paraphe account
 * whose email is the recipient's for `account` (CONFLICT `account_required` when there is none).
 */
export const sendVerificationCodeRequestSchema = accessLinkSchema;
export const sendVerificationCodeResponseSchema = z.object({
  sent: z.literal(true),
  /**
   * How the code went: by email (`email_code`), by SMS (`sms_code`) or by email to the signer's
   * Paraphe account (`account`); absent: email.
   */
  channel: z.enum(["email", "sms", "account"]).optional(),
  /** The address the code went to, partly hidden (`j•••@example.com`). */
  maskedEmail: z.string(),
  /** For an SMS: the phone number's last two digits (the page says "the number ending in 42"). */
  phoneEnding: z
    .string()
    .regex(/^\d{2}$/)
    .optional(),
  expiresInSeconds: z.number().int().positive(),
});
export type SendVerificationCodeResponse = z.infer<typeof sendVerificationCodeResponseSchema>;

// POST /envelope/verification/check
export const checkVerificationCodeRequestSchema = accessLinkSchema.extend({
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), { error: "code_invalid" }),
});
export const checkVerificationCodeResponseSchema = z.object({
  verified: z.literal(true),
  verifiedAt: isoDate,
});
export type CheckVerificationCodeResponse = z.infer<typeof checkVerificationCodeResponseSchema>;

// POST /envelope/verification/passkey-options
/**
 * WebAuthn options for a signer whose check is `account` to sign in with a passkey of the Paraphe
 * account whose email is theirs: the account's passkeys as the allowed credentials, user
 * verification required, the challenge valid 5 minutes. CONFLICT `account_required` without such
 * an account, `passkey_missing` when it has no passkey usable here, `passkey_unavailable` when
 * the signing app's host cannot use the web app's passkeys (another domain).
 */
export const signerPasskeyOptionsRequestSchema = accessLinkSchema;
export const signerPasskeyOptionsResponseSchema = z.object({
  challengeId: uuid,
  /** PublicKeyCredentialRequestOptionsJSON (validated in depth by the server's WebAuthn library). */
  options: z.record(z.string(), z.unknown()),
});
export type SignerPasskeyOptionsResponse = z.infer<typeof signerPasskeyOptionsResponseSchema>;

// POST /envelope/verification/passkey-check
/** The browser's answer to those options: the check passes when the account's passkey signed it. */
export const checkSignerPasskeyRequestSchema = accessLinkSchema.extend({
  challengeId: uuid,
  /** AuthenticationResponseJSON. */
  response: z.record(z.string(), z.unknown()),
});
export const checkSignerPasskeyResponseSchema = checkVerificationCodeResponseSchema;

// POST /envelope/qes/authorize
/**
 * At the qualified level (QES), a signer whose turn it is starts the qualified provider's OAuth 2.0
 * authorization (code flow with PKCE): the answer is the provider's sign-in page, which sends them
 * back to the signing app's `/qes/callback` with a code and a state. A new call replaces the
 * previous authorization; it lasts 10 minutes. CONFLICT `qes_unavailable` without a provider,
 * `not_qualified` when the envelope is not at QES.
 */
export const qesAuthorizeRequestSchema = accessLinkSchema;
export const qesAuthorizeResponseSchema = z.object({
  authorizationUrl: z.url({ protocol: /^https?$/ }),
  /** The state the provider sends back: the signing app matches its callback with it. */
  state: z.string().min(16).max(128),
});
export type QesAuthorizeResponse = z.infer<typeof qesAuthorizeResponseSchema>;

// POST /envelope/qes/credentials
/** The most characters of a provider's authorization code, state or signing session. */
const QES_CODE_MAX_LENGTH = 2048;
export const QES_SESSION_MAX_LENGTH = 8192;
/**
 * Back from the provider: the code is exchanged (once; CONFLICT `authorization_expired` for an
 * unknown, used or expired one, `state_mismatch` for another authorization's state) and the
 * signer's credentials are listed. `session` is opaque (sealed by the api, bound to the signer; the
 * provider's token is never stored): the signing page keeps it in memory and sends it with
 * `/envelope/sign`.
 */
export const qesCredentialsRequestSchema = accessLinkSchema.extend({
  code: z.string().min(1).max(QES_CODE_MAX_LENGTH),
  state: z.string().min(16).max(128),
});
export const qesCredentialSchema = z.object({
  id: z.string().max(255),
  /** The provider's description of the credential, if any. */
  description: z.string().max(255).nullable(),
  /** The certificate's subject and issuer (distinguished names). */
  subject: z.string().max(2000),
  issuer: z.string().max(2000),
  /** Whether Paraphe can sign with it (an enabled key, a valid certificate, activation by PIN). */
  usable: z.boolean(),
  /** What the provider calls the activation data (its label for the PIN), if it says. */
  pinLabel: z.string().max(255).nullable(),
});
export type QesCredential = z.infer<typeof qesCredentialSchema>;
export const qesCredentialsResponseSchema = z.object({
  credentials: z.array(qesCredentialSchema).max(100),
  session: z.string().max(QES_SESSION_MAX_LENGTH),
  /** Until when the session can sign. */
  expiresAt: isoDate,
});
export type QesCredentialsResponse = z.infer<typeof qesCredentialsResponseSchema>;

/**
 * At QES, what `/envelope/sign` needs: the session of `/envelope/qes/credentials`, the credential
 * chosen and its activation data (PIN), which the api passes to the provider and never keeps.
 */
export const qualifiedSignatureInputSchema = z.object({
  session: z.string().min(1).max(QES_SESSION_MAX_LENGTH),
  credentialId: z.string().min(1).max(255),
  pin: z.string().min(1).max(128),
});

// POST /envelope/sign
export const signatureInputSchema = z.object({
  kind: z.enum(["drawn", "typed"]),
  /** The signature as a PNG, base64. */
  image: base64,
  /** For a typed signature: the text and the font it was typed in. */
  typedName: z.string().trim().max(TYPED_NAME_MAX_LENGTH, { error: "too_long" }).optional(),
  font: z.string().max(64).optional(),
});
/** Base64 of a PNG starts with the PNG signature's encoding. */
const PNG_BASE64_PREFIX = "iVBORw0KGgo";
/**
 * A field value: text up to FIELD_VALUE_MAX_LENGTH characters, or for an image field a PNG in
 * base64 up to FIELD_IMAGE_VALUE_MAX_LENGTH.
 */
export const fieldValueSchema = z
  .string()
  .max(FIELD_IMAGE_VALUE_MAX_LENGTH, { error: "too_long" })
  .refine(
    (value) => value.length <= FIELD_VALUE_MAX_LENGTH || value.startsWith(PNG_BASE64_PREFIX),
    { error: "too_long", params: { limit: FIELD_VALUE_MAX_LENGTH } },
  );
export const signEnvelopeRequestSchema = accessLinkSchema.extend({
  signature: signatureInputSchema,
  /** Initials as a PNG, base64 (for initials fields). */
  initials: base64.optional(),
  /** Values of the recipient's text, date, checkbox and image fields (by field uuid). */
  values: z.record(z.string(), fieldValueSchema).default({}),
  /** At QES: the provider's session, the credential and its PIN (required there, refused elsewhere). */
  qualified: qualifiedSignatureInputSchema.optional(),
});
export type SignEnvelopeRequest = z.input<typeof signEnvelopeRequestSchema>;
export const signEnvelopeResponseSchema = z.object({
  recipientStatus: recipientStatusSchema,
  envelopeStatus: envelopeStatusSchema,
});

// POST /envelope/mark-read
/**
 * A viewer marks the document read: refused (`pages_not_viewed`) unless every page of every
 * document was read (`/envelope/mark-page-read`).
 */
export const markReadRequestSchema = accessLinkSchema;
export type MarkReadRequest = z.input<typeof markReadRequestSchema>;
export const markReadResponseSchema = signEnvelopeResponseSchema;
export type MarkReadResponse = z.infer<typeof markReadResponseSchema>;

// POST /envelope/delegate
/** The most characters of a delegation's reason. */
export const DELEGATION_REASON_MAX_LENGTH = 500;
/**
 * A signer hands their turn to someone else (when the envelope allows it): that person takes the
 * signer's place (fields and step) with a link of their own, and the signer's link stops working.
 */
export const delegateEnvelopeRequestSchema = accessLinkSchema.extend({
  firstname: requiredName,
  lastname: requiredName,
  email: emailSchema,
  reason: z
    .string()
    .trim()
    .min(1, { error: "required" })
    .max(DELEGATION_REASON_MAX_LENGTH, { error: "too_long" }),
});
export type DelegateEnvelopeRequest = z.input<typeof delegateEnvelopeRequestSchema>;
export const delegateEnvelopeResponseSchema = z.object({
  delegated: z.literal(true),
  /** Who now holds the turn (invited with their own link). */
  to: z.object({ firstname: z.string(), lastname: z.string(), email: z.string() }),
});
export type DelegateEnvelopeResponse = z.infer<typeof delegateEnvelopeResponseSchema>;

// POST /envelope/decline
export const declineEnvelopeRequestSchema = accessLinkSchema.extend({
  reason: z
    .string()
    .trim()
    .min(1, { error: "required" })
    .max(DECLINE_REASON_MAX_LENGTH, { error: "too_long" }),
});
export const declineEnvelopeResponseSchema = signEnvelopeResponseSchema;
