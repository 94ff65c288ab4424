import { z } from "zod";

/**
 * Erasure (issue 32): a team's Owner deletes the team, a person deletes their account.
 *
 * - `POST /team/delete`: the team's Owners only, in person (no API key), after typing the team's
 *   name. Its members lose access at once; a job then deletes every file, row and job of the team
 *   in batches (envelopes, documents, templates, contacts, webhooks, keys, branding, retention,
 *   single sign-on, members...) and its subscription is canceled.
 * - `POST /user/delete-account`: after typing one's email. Refused (CONFLICT `sole_owner`) while
 *   the person is the only Owner of a team that has other members: they transfer ownership or
 *   delete the team first. A person alone in their team deletes the team with their account. Their
 *   sessions, passkeys, sign-in codes, profile picture, memberships, support conversations and the
 *   API keys and direct links they created (which act in their name) go; the envelopes they sent
 *   stay with the team, their name kept in the sealed documents and the activity chain (legal
 *   records).
 */

/** The longest confirmation text accepted (a team's name or an email). */
export const ERASURE_CONFIRMATION_MAX = 320;

/** The error reason of a confirmation that does not match (the team's name, the email). */
export const CONFIRMATION_MISMATCH_REASON = "confirmation_mismatch";

/** The error reason of an account deletion refused to the only Owner of a team with members. */
export const SOLE_OWNER_REASON = "sole_owner";

const confirmation = z.string().trim().min(1).max(ERASURE_CONFIRMATION_MAX);

// POST /team/delete
export const deleteTeamRequestSchema = z.object({
  /** The team's name, as the Owner typed it to confirm. */
  confirmName: confirmation,
});
export type DeleteTeamRequest = z.input<typeof deleteTeamRequestSchema>;
export const deleteTeamResponseSchema = z.object({ scheduled: z.literal(true) });
export type DeleteTeamResponse = z.infer<typeof deleteTeamResponseSchema>;

// POST /user/delete-account
export const deleteAccountRequestSchema = z.object({
  /** The account's email, as the person typed it to confirm. */
  confirmEmail: confirmation,
});
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;
export const deleteAccountResponseSchema = z.object({
  deleted: z.literal(true),
  /** Whether the person's team (they were its only member) is being deleted with the account. */
  teamDeleted: z.boolean(),
});
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;
