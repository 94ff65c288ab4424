import { useSession } from "./session-context";
import { type UserProfile } from "./types";

/** Puts a profile the api answered (update, team creation) in place of the session's cached one. */
export function useSetCachedProfile(): (profile: UserProfile) => void {
  return useSession().setProfile;
}

/** Reloads the session's profile (after a picture change: the api answers only the address). */
export function useInvalidateProfile(): () => Promise<void> {
  return useSession().reloadProfile;
}
