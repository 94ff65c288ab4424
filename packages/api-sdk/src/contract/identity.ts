import { ACTIONS, SUBJECTS } from "@paraphe/permissions";
import { z } from "zod";

/**
 * A user agent as the api records it (sessions, the activity log, the proof): the header is cut
 * to this many characters. Real browsers send 100 to 300.
 */
export const USER_AGENT_MAX_LENGTH = 512;

/**
 * Requests and answers of login, sessions, profile, team creation and passkeys (spec §3, §5, §7).
 * The limits of spec §9 live here once; the api validates with these schemas and the apps' forms
 * reuse them.
 */

/** Spec §9: the verification code is exactly 6 characters. */
export const LOGIN_CODE_LENGTH = 6;
/**
 * The alphabet of login codes: upper-case letters and digits without look-alikes
 * (no 0/O, 1/I/L, 2/Z, 5/S, 8/B).
 */
export const LOGIN_CODE_ALPHABET = "34679ACDEFGHJKMNPQRTUVWXY";
/** Spec §9: a team name has at least 3 characters. */
export const TEAM_NAME_MIN_LENGTH = 3;
/** Spec §9: a profile picture is under 1 MB. */
export const PROFILE_PICTURE_MAX_BYTES = 1024 * 1024;
/** Image types a profile picture may have. */
export const PROFILE_PICTURE_TYPES = [
  "image/png",
  "image/jpeg",
  "image/webp",
  "image/gif",
] as const;
/** Languages of the product (spec §1). */
export const LANGUAGES = ["en", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];

export const languageSchema = z.enum(LANGUAGES);

/** An email address: trimmed, lower-cased, valid (spec §5). */
export const emailSchema = z
  .string()
  .trim()
  .min(1, { error: "required" })
  .max(254, { error: "too_long" })
  .pipe(z.email({ error: "invalid_email" }))
  .transform((value) => value.toLowerCase());

/** A login code as typed: spaces and dashes dropped, upper-cased, exactly 6 characters. */
export const loginCodeSchema = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, "").toUpperCase())
  .pipe(
    z
      .string()
      .length(LOGIN_CODE_LENGTH, { error: "code_length" })
      .regex(new RegExp(`^[${LOGIN_CODE_ALPHABET}]+$`), { error: "code_invalid" }),
  );

const requiredName = z
  .string()
  .trim()
  .min(1, { error: "required" })
  .max(100, { error: "too_long" });

const optionalPhone = z
  .string()
  .trim()
  .max(32, { error: "too_long" })
  .regex(/^[+\d\s().-]*$/, { error: "invalid_phone" })
  .optional()
  .transform((value) => (value === undefined || value === "" ? null : value));

/** A session credential (spec §3 stored session user): the access key names it, the secret signs. */
export const sessionCredentialSchema = z.object({
  accessKey: z.string().min(1),
  secretKey: z.string().min(1),
  email: z.string(),
});
export type SessionCredential = z.infer<typeof sessionCredentialSchema>;

// POST /authentication/request-code
export const requestCodeRequestSchema = z.object({
  email: emailSchema,
  /** The language of the mail for a new email (the browser's language); members get theirs. */
  language: languageSchema.optional(),
});
export type RequestCodeRequest = z.input<typeof requestCodeRequestSchema>;
/** The same answer whether the email has an account or not. */
export const requestCodeResponseSchema = z.object({
  sent: z.literal(true),
  /** Seconds the code stays valid. */
  expiresInSeconds: z.number().int().positive(),
});
export type RequestCodeResponse = z.infer<typeof requestCodeResponseSchema>;

// POST /authentication/verify-code
export const verifyCodeRequestSchema = z.object({ email: emailSchema, code: loginCodeSchema });
export type VerifyCodeRequest = z.input<typeof verifyCodeRequestSchema>;
// The answer (`loginResponseSchema`) is declared below the profile it carries.

// WebAuthn JSON (validated in depth by the server's WebAuthn library).
const webAuthnJsonSchema = z.record(z.string(), z.unknown());

// POST /authentication/passkey-options
export const passkeyLoginOptionsRequestSchema = z.object({});
export const passkeyLoginOptionsResponseSchema = z.object({
  challengeId: z.string().min(1),
  /** PublicKeyCredentialRequestOptionsJSON. */
  options: webAuthnJsonSchema,
});
export type PasskeyLoginOptionsResponse = z.infer<typeof passkeyLoginOptionsResponseSchema>;

// POST /authentication/passkey-login
export const passkeyLoginRequestSchema = z.object({
  challengeId: z.string().min(1),
  /** AuthenticationResponseJSON. */
  response: webAuthnJsonSchema,
});
export type PasskeyLoginRequest = z.input<typeof passkeyLoginRequestSchema>;

// POST /authentication/list-sessions
export const listSessionsRequestSchema = z.object({});
export const sessionInfoSchema = z.object({
  accessKey: z.string(),
  ipAddress: z.string().nullable(),
  platform: z.string().nullable(),
  userAgent: z.string().max(USER_AGENT_MAX_LENGTH).nullable(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  current: z.boolean(),
  /** How the session was opened: a sign-in code, a passkey, or the team's single sign-on. */
  method: z.enum(["code", "passkey", "oidc"]),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export const listSessionsResponseSchema = z.object({ sessions: z.array(sessionInfoSchema) });
export type ListSessionsResponse = z.infer<typeof listSessionsResponseSchema>;

// POST /authentication/terminate-sessions
export const terminateSessionsRequestSchema = z.object({
  filter: z.object({ accessKeys: z.array(z.string().min(1)).min(1).max(100) }),
});
export type TerminateSessionsRequest = z.input<typeof terminateSessionsRequestSchema>;
export const terminateSessionsResponseSchema = z.object({ terminated: z.number().int().min(0) });
export type TerminateSessionsResponse = z.infer<typeof terminateSessionsResponseSchema>;

// Permission rules as sent with the profile.
const oneOrMany = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).min(1)]);
export const permissionRuleSchema = z.object({
  action: oneOrMany(z.enum(ACTIONS)),
  subject: oneOrMany(z.enum(SUBJECTS)),
  conditions: z.record(z.string(), z.unknown()).optional(),
  fields: oneOrMany(z.string().min(1)).optional(),
  inverted: z.boolean().optional(),
  reason: z.string().optional(),
});

// POST /user/profile
export const userProfileRequestSchema = z.object({});
export const teamSummarySchema = z.object({
  uuid: z.string(),
  name: z.string(),
  role: z.object({ name: z.string(), origin: z.enum(["managed", "custom"]) }),
  rolePermissions: z.array(permissionRuleSchema),
  defaultWorkspaceUuid: z.string().nullable(),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;
export const userProfileSchema = z.object({
  email: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  phone: z.string().nullable(),
  preferredLanguage: languageSchema,
  /** Public-data URL of the picture (it exists only when `hasProfilePicture`). */
  profilePictureUrl: z.string(),
  /** Whether the person has uploaded a picture: the apps ask for it only then. */
  hasProfilePicture: z.boolean(),
  team: teamSummarySchema.nullable(),
  /**
   * What this deployment offers that depends on its configuration: `smsVerification`, whether a
   * signer's check may be a code by SMS (an SMS provider is configured, or outside production the
   * development mailbox shows the SMS); `aesSignature`, whether envelopes may be sent at the
   * advanced level (a signer certification authority is configured, or outside production the
   * development one); `qesSignature`, whether envelopes may be sent at the qualified level (a
   * qualified trust service provider is configured, CSC_*). Absent: unknown, taken as not offered.
   */
  capabilities: z
    .object({
      smsVerification: z.boolean(),
      aesSignature: z.boolean().optional(),
      qesSignature: z.boolean().optional(),
    })
    .optional(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/**
 * The answer of a sign-in (a code, a passkey, single sign-on): the session credential, with what
 * the app asks for first with it, so that it need not ask: `profile`, the person's profile as
 * `/user/profile` answers it, and `hasPasskey`, whether they have registered a passkey (the offer
 * of one after a code sign-in is skipped then). Both are absent from older servers' answers: the
 * app then asks `/user/profile` and `/passkey/list`.
 */
export const loginResponseSchema = sessionCredentialSchema.extend({
  /** True when this login created the account (the app goes to onboarding). */
  isNewUser: z.boolean(),
  profile: userProfileSchema.optional(),
  hasPasskey: z.boolean().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

// POST /user/update-profile
export const updateProfileRequestSchema = z.object({
  firstname: requiredName,
  lastname: requiredName,
  phone: optionalPhone,
  preferredLanguage: languageSchema,
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

// POST /user/upload-picture
export const uploadPictureRequestSchema = z.object({
  contentType: z.enum(PROFILE_PICTURE_TYPES, { error: "invalid_file_type" }),
  /** The image, base64. */
  data: z.base64({ error: "invalid_file" }).min(1, { error: "invalid_file" }),
});
export type UploadPictureRequest = z.input<typeof uploadPictureRequestSchema>;
export const uploadPictureResponseSchema = z.object({ profilePictureUrl: z.string() });

// POST /user/remove-picture
export const removePictureRequestSchema = z.object({});
export const removePictureResponseSchema = z.object({ removed: z.boolean() });

// POST /team/create
export const createTeamRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: "required" })
    .min(TEAM_NAME_MIN_LENGTH, { error: "too_short" })
    .max(100, { error: "too_long" }),
  firstname: requiredName,
  lastname: requiredName,
});
export type CreateTeamRequest = z.input<typeof createTeamRequestSchema>;

// POST /passkey/registration-options
export const passkeyRegistrationOptionsRequestSchema = z.object({});
export const passkeyRegistrationOptionsResponseSchema = z.object({
  /** PublicKeyCredentialCreationOptionsJSON. */
  options: webAuthnJsonSchema,
});

// POST /passkey/register
export const registerPasskeyRequestSchema = z.object({
  /** RegistrationResponseJSON. */
  response: webAuthnJsonSchema,
});
export type RegisterPasskeyRequest = z.input<typeof registerPasskeyRequestSchema>;
export const passkeyInfoSchema = z.object({
  id: z.string(),
  counter: z.number().int().min(0),
  transports: z.array(z.string()),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type PasskeyInfo = z.infer<typeof passkeyInfoSchema>;

// POST /passkey/list
export const listPasskeysRequestSchema = z.object({});
export const listPasskeysResponseSchema = z.object({ passkeys: z.array(passkeyInfoSchema) });

// POST /passkey/delete
export const deletePasskeyRequestSchema = z.object({ id: z.string().min(1) });
export const deletePasskeyResponseSchema = z.object({ deleted: z.literal(true) });

/** Characters of the SHA-256 hex of an email, the name of its public picture. */
export const PROFILE_PICTURE_PATH_PREFIX = "/public/avatars/";
