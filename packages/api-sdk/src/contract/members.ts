import { z } from "zod";
import { contactPhoneSchema } from "./contact";
import { emailSchema, languageSchema } from "./identity";

/**
 * Requests and answers of team administration: members, invitations and seats (spec §3 member and
 * pending invitation, §4 seats and invitations, §5 member invite). The member calls use the session
 * credential; `/team/view-invite` and `/team/accept-invite` the app-level credential (spec §6): the
 * invitation token mailed to the invitee authorises them.
 */

/** How long an invitation can be accepted, from when it was last sent. */
export const INVITATION_LIFETIME_DAYS = 7;
/** Most members one page of `/team/list-members` answers. */
export const MEMBERS_PAGE_MAX = 500;

const uuid = z.uuid();

/** A first or last name, required on edit (spec §5). */
const requiredName = z
  .string()
  .trim()
  .min(1, { error: "required" })
  .max(100, { error: "too_long" });

/** A name the invite form may leave empty. */
const optionalName = z
  .string()
  .trim()
  .max(100, { error: "too_long" })
  .optional()
  .transform((value) => (value === undefined || value === "" ? null : value));

/**
 * A member's phone number (spec §3, optional): international (E.164 once the spaces, dots, dashes
 * and parentheses typed are dropped), at most 32 characters as typed; empty or null clears it, and
 * left out of a change it stays as it is.
 */
export const memberPhoneSchema = contactPhoneSchema.optional();

/** An invitation token as mailed: url-safe base64. */
export const invitationTokenSchema = z
  .string()
  .min(16)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/);

export const teamRoleSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  origin: z.enum(["managed", "custom"]),
});
export type TeamRole = z.infer<typeof teamRoleSchema>;

/** Seats of the team's plan (spec §3 subscription): `total` null means unlimited. */
export const seatsSchema = z.object({
  used: z.number().int().min(0),
  total: z.number().int().min(1).nullable(),
});
export type Seats = z.infer<typeof seatsSchema>;

export const teamMemberSchema = z.object({
  userUuid: z.string(),
  email: z.string(),
  /** First and last name, or the email when they are unset. */
  name: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  /** The person's phone number, international, or null. */
  phone: z.string().nullable(),
  role: teamRoleSchema,
  createdAt: z.iso.datetime(),
  /** When they joined the team. */
  joinedAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TeamMemberInfo = z.infer<typeof teamMemberSchema>;

export const pendingInvitationSchema = z.object({
  uuid: z.string(),
  email: z.string(),
  name: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  role: teamRoleSchema,
  /** When it was first sent. */
  sentAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  expired: z.boolean(),
  resentCount: z.number().int().min(0),
  updatedAt: z.iso.datetime(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

// POST /team/list-members
export const listMembersRequestSchema = z.object({
  /** Part of an email or name, case-insensitive. */
  search: z.string().trim().max(100).optional(),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(MEMBERS_PAGE_MAX).default(100),
});
export type ListMembersRequest = z.input<typeof listMembersRequestSchema>;
export const listMembersResponseSchema = z.object({
  members: z.array(teamMemberSchema),
  /** Members matching the search, all pages. */
  total: z.number().int().min(0),
  seats: seatsSchema,
  /**
   * The roles of the team, with their rules as stored: the api gives a role only to callers whose
   * own role holds every right of it (and the Owner role only from an Owner), so the web app offers
   * those (`holdsRules` of `@paraphe/permissions`).
   */
  roles: z.array(
    teamRoleSchema.extend({ permissions: z.array(z.record(z.string(), z.unknown())) }),
  ),
});
export type ListMembersResponse = z.infer<typeof listMembersResponseSchema>;

// POST /team/invite
export const inviteMemberRequestSchema = z.object({
  email: emailSchema,
  roleUuid: uuid,
  firstname: optionalName,
  lastname: optionalName,
  /** Given to the person who accepts when their account has no phone number. */
  phone: memberPhoneSchema,
  /** Language of the invitation mail; the team's default (the inviter's) when unset. */
  language: languageSchema.optional(),
});
export type InviteMemberRequest = z.input<typeof inviteMemberRequestSchema>;
export const inviteMemberResponseSchema = z.object({ invitation: pendingInvitationSchema });

// POST /team/update-member
export const updateMemberRequestSchema = z.object({
  userUuid: uuid,
  roleUuid: uuid,
  firstname: requiredName,
  lastname: requiredName,
  phone: memberPhoneSchema,
});
export type UpdateMemberRequest = z.input<typeof updateMemberRequestSchema>;
export const updateMemberResponseSchema = z.object({ member: teamMemberSchema });

// POST /team/remove-member
export const removeMemberRequestSchema = z.object({ userUuid: uuid });
export const removeMemberResponseSchema = z.object({ removed: z.literal(true) });

// POST /team/list-invitations
export const listInvitationsRequestSchema = z.object({});
export const listInvitationsResponseSchema = z.object({
  invitations: z.array(pendingInvitationSchema),
});
export type ListInvitationsResponse = z.infer<typeof listInvitationsResponseSchema>;

// POST /team/resend-invite: a new token and expiry, mailed again
export const resendInviteRequestSchema = z.object({ invitationUuid: uuid });
export const resendInviteResponseSchema = z.object({ invitation: pendingInvitationSchema });

// POST /team/revoke-invite
export const revokeInviteRequestSchema = z.object({ invitationUuid: uuid });
export const revokeInviteResponseSchema = z.object({ revoked: z.literal(true) });

// POST /team/view-invite (app-level credential, authorised by the token)
export const viewInviteRequestSchema = z.object({ token: invitationTokenSchema });
export const viewInviteResponseSchema = z.object({
  email: z.string(),
  teamName: z.string(),
  inviterName: z.string(),
  roleName: z.string(),
  expiresAt: z.iso.datetime(),
});
export type ViewInviteResponse = z.infer<typeof viewInviteResponseSchema>;

// POST /team/accept-invite (app-level credential, authorised by the token)
export const acceptInviteRequestSchema = z.object({ token: invitationTokenSchema });
export const acceptInviteResponseSchema = z.object({
  teamUuid: z.string(),
  defaultWorkspaceUuid: z.string(),
});
export type AcceptInviteResponse = z.infer<typeof acceptInviteResponseSchema>;

// POST /team/my-invitations: the live invitations addressed to the signed-in person's email
export const myInvitationsRequestSchema = z.object({});
export const myInvitationSchema = z.object({
  uuid: z.string(),
  teamName: z.string(),
  inviterName: z.string(),
  roleName: z.string(),
  expiresAt: z.iso.datetime(),
});
export type MyInvitation = z.infer<typeof myInvitationSchema>;
export const myInvitationsResponseSchema = z.object({ invitations: z.array(myInvitationSchema) });

// POST /team/join: accepts one of those invitations as the signed-in person
export const joinTeamRequestSchema = z.object({ invitationUuid: uuid });
export const joinTeamResponseSchema = acceptInviteResponseSchema;
