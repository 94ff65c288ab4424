import { z } from "zod";

/**
 * The team's mail sender (issue 33): how mail about the team's envelopes and to its members
 * leaves. `deployment` (the default): from the deployment's server, with the team's name as the
 * From name and a Reply-To of the person who caused the mail (the envelope's sender, the
 * inviter). `smtp`: through the team's own SMTP server, once a test message sent through it to the
 * editor's own address succeeded; until then, and after any change of host, port, TLS mode, user,
 * password or From address, the settings are unverified and mail keeps leaving from the
 * deployment's server. A verified server that fails is retried by the job queue; the mail waits
 * for it (it never falls back to the deployment's server), and the failure is shown here and on
 * the envelope. Read and changed by those allowed to update the team's `mailSender` (Owner,
 * Admin). The password is write-only: stored encrypted, never answered.
 */

export const MAIL_SENDER_MODES = ["deployment", "smtp"] as const;
export type MailSenderMode = (typeof MAIL_SENDER_MODES)[number];
/** `none`: plain SMTP; `starttls`: STARTTLS required; `tls`: implicit TLS (usually port 465). */
export const MAIL_SENDER_TLS_MODES = ["none", "starttls", "tls"] as const;
export type MailSenderTlsMode = (typeof MAIL_SENDER_TLS_MODES)[number];
export const MAIL_SENDER_HOST_MAX_LENGTH = 253;
export const MAIL_SENDER_USER_MAX_LENGTH = 256;
export const MAIL_SENDER_PASSWORD_MAX_LENGTH = 512;

const isoDate = z.iso.datetime();

/** A host name or an IP address: letters, digits, dots, hyphens, colons (IPv6), no spaces. */
const hostSchema = z
  .string()
  .trim()
  .min(1, { error: "required" })
  .max(MAIL_SENDER_HOST_MAX_LENGTH, { error: "too_long" })
  .regex(
    /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$|^\[?[0-9A-Fa-f:.]+\]?$/,
    {
      error: "invalid_host",
    },
  )
  .transform((value) => value.toLowerCase());

/** The team's own server as the settings page shows it (never the password). */
export const mailSenderServerSchema = z.object({
  host: z.string(),
  port: z.number().int(),
  tls: z.enum(MAIL_SENDER_TLS_MODES),
  /** Empty: no authentication. */
  user: z.string(),
  /** Whether a password is stored (it is never answered). */
  hasPassword: z.boolean(),
  fromAddress: z.string(),
});
export type MailSenderServer = z.infer<typeof mailSenderServerSchema>;

export const mailSenderSchema = z.object({
  mode: z.enum(MAIL_SENDER_MODES),
  /** The team's own server; null until one is saved. Kept when the mode goes back to deployment. */
  server: mailSenderServerSchema.nullable(),
  /** When a test message through `server` last succeeded with these settings; null: unverified. */
  verifiedAt: isoDate.nullable(),
  /** Whether mail leaves through the team's server now: `smtp` and verified. */
  inUse: z.boolean(),
  /** The last failure to deliver through the team's server (credentials masked), and when. */
  lastError: z.string().nullable(),
  lastErrorAt: isoDate.nullable(),
  lastDeliveredAt: isoDate.nullable(),
  /** Messages of the team not delivered yet that failed at least once. */
  undelivered: z.number().int(),
});
export type MailSender = z.infer<typeof mailSenderSchema>;

// POST /mail-sender/get
export const getMailSenderRequestSchema = z.object({});
export const mailSenderResponseSchema = z.object({ sender: mailSenderSchema });
export type MailSenderResponse = z.infer<typeof mailSenderResponseSchema>;

// POST /mail-sender/save
export const saveMailSenderRequestSchema = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("deployment") }),
  z.object({
    mode: z.literal("smtp"),
    host: hostSchema,
    port: z
      .number({ error: "invalid_port" })
      .int({ error: "invalid_port" })
      .min(1, { error: "invalid_port" })
      .max(65535, { error: "invalid_port" }),
    tls: z.enum(MAIL_SENDER_TLS_MODES),
    /** Empty: no authentication. */
    user: z
      .string()
      .trim()
      .max(MAIL_SENDER_USER_MAX_LENGTH, { error: "too_long" })
      .refine((value) => !/[\r\n\0]/.test(value), { error: "one_line" })
      .default(""),
    /**
     * Left out: the stored one is kept, unless the host or user changes (a password is never sent
     * to a server it was not given for). Required with a user when none is stored.
     */
    password: z
      .string()
      .min(1, { error: "required" })
      .max(MAIL_SENDER_PASSWORD_MAX_LENGTH, { error: "too_long" })
      .refine((value) => !/[\r\n\0]/.test(value), { error: "one_line" })
      .optional(),
    fromAddress: z
      .email({ pattern: z.regexes.unicodeEmail, error: "invalid_email" })
      .max(254, { error: "too_long" }),
  }),
]);
export type SaveMailSenderRequest = z.input<typeof saveMailSenderRequestSchema>;

// POST /mail-sender/test
export const testMailSenderRequestSchema = z.object({});
export const testMailSenderResponseSchema = z.object({
  /** Whether the test message was accepted by the team's server (the settings are then verified). */
  delivered: z.boolean(),
  /** Why it was not (credentials masked). */
  error: z.string().nullable(),
  /** The address the test message went to: the caller's own. */
  to: z.string(),
  sender: mailSenderSchema,
});
export type TestMailSenderResponse = z.infer<typeof testMailSenderResponseSchema>;

/**
 * A message about an envelope that is not delivered yet and failed at least once (the envelope's
 * view shows it): to whom, through which server, why, and when the queue tries again (null: it
 * gave up after its last attempt).
 */
export const undeliveredMailSchema = z.object({
  to: z.string(),
  via: z.enum(["deployment", "team"]),
  error: z.string(),
  lastAttemptAt: isoDate,
  nextAttemptAt: isoDate.nullable(),
});
export type UndeliveredMail = z.infer<typeof undeliveredMailSchema>;
