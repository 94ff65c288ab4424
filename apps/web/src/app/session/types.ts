import { type UserProfile as ApiUserProfile } from "@paraphe/api-sdk/contract";

/** The credential of a logged-in member, kept in local storage (spec §3 "Stored session user"). */
export interface StoredSessionUser {
  accessKey: string;
  secretKey: string;
  email: string;
}

/** The user profile the api answers to POST /user/profile (spec §3, §7). */
export type UserProfile = ApiUserProfile;

/**
 * What a sign-in answered with the credential (POST /authentication/verify-code, passkey-login,
 * /auth/oidc/callback): the person's profile, absent from older servers' answers.
 */
export interface SignInSeed {
  profile?: UserProfile | undefined;
}

/** Loads the profile of a stored user; rejects when the session is not valid any more. */
export type LoadProfile = (
  user: StoredSessionUser,
  options: { signal: AbortSignal },
) => Promise<UserProfile>;

/** Ends the user's sessions on the server at logout; a failure is only warned (spec §4). */
export type EndServerSession = (user: StoredSessionUser) => Promise<void>;

export type SessionStatus = "loading" | "anonymous" | "authenticated";
