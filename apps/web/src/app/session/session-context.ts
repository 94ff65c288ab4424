import { createContext, useContext } from "react";
import {
  type SessionStatus,
  type SignInSeed,
  type StoredSessionUser,
  type UserProfile,
} from "./types";

export interface SessionContextValue {
  status: SessionStatus;
  /** The stored user (present while loading and once authenticated). */
  user: StoredSessionUser | null;
  /** The profile, once authenticated. */
  profile: UserProfile | null;
  /**
   * Stores a user who just logged in and loads its profile, or takes `seed.profile`, the profile
   * the sign-in answered with the credential, without asking for it.
   */
  signIn: (user: StoredSessionUser, seed?: SignInSeed) => void;
  /**
   * Logs out on this browser (spec §4): ends the server sessions when the app knows how (a failure is
   * only warned), drops the secure tunnel, awaits `leave` with the email that was logged in (going to /login before the
   * guards notice the missing user), then forgets the stored user and clears the query cache.
   */
  signOut: (leave?: (email: string | undefined) => void | Promise<void>) => Promise<void>;
  /** Puts a profile the api answered (update, team creation) in place of the session's one. */
  setProfile: (profile: UserProfile) => void;
  /** Loads the session's profile again (the current one stays meanwhile); a failure logs out. */
  reloadProfile: () => Promise<void>;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

/** The session of the app. Throws outside a SessionProvider. */
export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used inside <SessionProvider>");
  return value;
}
