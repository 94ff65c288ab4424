import { type PermissionRule } from "@paraphe/permissions";

/** The credential of a logged-in member, kept in local storage (spec §3 "Stored session user"). */
export interface StoredSessionUser {
  accessKey: string;
  secretKey: string;
  email: string;
}

/** The user profile the api answers to POST /user/profile (spec §3, §7). */
export interface UserProfile {
  email: string;
  /** Public-data URL of the picture; the generated avatar shows when it is missing or fails. */
  profilePictureUrl?: string | null;
  team?: { name: string; rolePermissions: PermissionRule[] } | null;
  firstname?: string;
  lastname?: string;
}

/** Loads the profile of a stored user; rejects when the session is not valid any more. */
export type LoadProfile = (
  user: StoredSessionUser,
  options: { signal: AbortSignal },
) => Promise<UserProfile>;

/** Ends the user's sessions on the server at logout; a failure is only warned (spec §4). */
export type EndServerSession = (user: StoredSessionUser) => Promise<void>;

export type SessionStatus = "loading" | "anonymous" | "authenticated";
