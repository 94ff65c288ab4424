import { z } from "zod";

/**
 * A team's editable messages (issue 33): the subject and body of the invitation, reminder,
 * completion and decline mails, in English and French, written with placeholders such as
 * `{{envelopeTitle}}`. Read and changed by those allowed to update the team's `branding` (Owner,
 * Admin). A mail uses the team's text in its recipient's language when the team saved one, and
 * Paraphe's text otherwise.
 *
 * The body is plain text: paragraphs are separated by an empty line, and every text is escaped in
 * the HTML mail. A paragraph holding `{{expiry}}` shows only when the envelope has an expiry date.
 * `{{link}}` is refused in a subject: the subject is kept readable in the outbox and the link is a
 * secret.
 */

export const MAIL_TEXT_KINDS = ["invitation", "reminder", "completion", "decline"] as const;
export type MailTextKind = (typeof MAIL_TEXT_KINDS)[number];

export const MAIL_TEXT_LANGUAGES = ["en", "fr"] as const;
export type MailTextLanguage = (typeof MAIL_TEXT_LANGUAGES)[number];

export const MAIL_TEXT_SUBJECT_MAX_LENGTH = 200;
export const MAIL_TEXT_BODY_MAX_LENGTH = 5000;

export const MAIL_TEXT_PLACEHOLDERS = [
  "signerName",
  "signerEmail",
  "senderName",
  "senderEmail",
  "envelopeTitle",
  "link",
  "expiry",
  "reason",
] as const;
export type MailTextPlaceholder = (typeof MAIL_TEXT_PLACEHOLDERS)[number];

/**
 * The placeholders each mail accepts, and whether its body must hold `{{link}}`. The invitation
 * and reminder go to a recipient (`signerName` is theirs); the completion to the sender and the
 * recipients (its link downloads the signed documents); the decline to the sender (`signerName`
 * is who declined, `reason` their reason).
 */
export const MAIL_TEXT_RULES: Readonly<
  Record<MailTextKind, { placeholders: readonly MailTextPlaceholder[]; linkRequired: boolean }>
> = {
  invitation: {
    placeholders: ["signerName", "senderName", "senderEmail", "envelopeTitle", "link", "expiry"],
    linkRequired: true,
  },
  reminder: {
    placeholders: ["signerName", "senderName", "senderEmail", "envelopeTitle", "link", "expiry"],
    linkRequired: true,
  },
  completion: {
    placeholders: ["senderName", "senderEmail", "envelopeTitle", "link"],
    linkRequired: true,
  },
  decline: {
    placeholders: ["signerName", "signerEmail", "senderName", "envelopeTitle", "reason"],
    linkRequired: false,
  },
};

/** Every `{{ name }}` of a text, in order (linear in the text's length). */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^{}]{0,64}?)\s*\}\}/g)].map((match) => match[1] ?? "");
}

/** A saved text as the settings page shows it. */
export const mailTextSchema = z.object({
  kind: z.enum(MAIL_TEXT_KINDS),
  language: z.enum(MAIL_TEXT_LANGUAGES),
  subject: z.string(),
  body: z.string(),
  /** Paraphe's text: the team has not saved one of its own. */
  isDefault: z.boolean(),
});
export type MailText = z.infer<typeof mailTextSchema>;

const mailTextFields = z.object({
  kind: z.enum(MAIL_TEXT_KINDS),
  language: z.enum(MAIL_TEXT_LANGUAGES),
  subject: z
    .string()
    .trim()
    .min(1, { error: "required" })
    .max(MAIL_TEXT_SUBJECT_MAX_LENGTH, { error: "too_long" })
    .refine((value) => !/[\r\n]/.test(value), { error: "one_line" }),
  body: z
    .string()
    .trim()
    .min(1, { error: "required" })
    .max(MAIL_TEXT_BODY_MAX_LENGTH, { error: "too_long" })
    .transform((value) => value.replaceAll("\r\n", "\n")),
});

/**
 * A text the team writes: its placeholders must be those of its mail (`unknown_placeholder` on
 * the field), the body must hold `{{link}}` where the mail needs one (`link_required`), and the
 * subject must not (`link_in_subject`).
 */
export const mailTextInputSchema = mailTextFields.superRefine((value, ctx) => {
  const rules = MAIL_TEXT_RULES[value.kind];
  const allowed = new Set<string>(rules.placeholders);
  for (const field of ["subject", "body"] as const) {
    const unknown = placeholdersIn(value[field]).filter((name) => !allowed.has(name));
    if (unknown.length > 0) {
      ctx.addIssue({
        code: "custom",
        path: [field],
        message: "unknown_placeholder",
        params: { placeholders: unknown },
      });
    }
  }
  if (placeholdersIn(value.subject).includes("link")) {
    ctx.addIssue({ code: "custom", path: ["subject"], message: "link_in_subject" });
  }
  if (rules.linkRequired && !placeholdersIn(value.body).includes("link")) {
    ctx.addIssue({ code: "custom", path: ["body"], message: "link_required" });
  }
});
export type MailTextInput = z.input<typeof mailTextInputSchema>;

// POST /mail-text/list
export const listMailTextsRequestSchema = z.object({});
export const listMailTextsResponseSchema = z.object({ texts: z.array(mailTextSchema) });
export type ListMailTextsResponse = z.infer<typeof listMailTextsResponseSchema>;

// POST /mail-text/save
export const saveMailTextRequestSchema = mailTextInputSchema;
export type SaveMailTextRequest = z.input<typeof saveMailTextRequestSchema>;
export const mailTextResponseSchema = z.object({ text: mailTextSchema });
export type MailTextResponse = z.infer<typeof mailTextResponseSchema>;

// POST /mail-text/reset
export const resetMailTextRequestSchema = z.object({
  kind: z.enum(MAIL_TEXT_KINDS),
  language: z.enum(MAIL_TEXT_LANGUAGES),
});
export type ResetMailTextRequest = z.input<typeof resetMailTextRequestSchema>;

// POST /mail-text/preview
export const previewMailTextRequestSchema = mailTextInputSchema;
export type PreviewMailTextRequest = z.input<typeof previewMailTextRequestSchema>;
/** The mail rendered with sample values, as it would be sent (the team's branding included). */
export const previewMailTextResponseSchema = z.object({
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});
export type PreviewMailTextResponse = z.infer<typeof previewMailTextResponseSchema>;
