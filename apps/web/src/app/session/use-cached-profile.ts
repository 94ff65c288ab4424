import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useSession } from "./session-context";
import { sessionKeys } from "./session-provider";
import { type UserProfile } from "./types";

/** Puts a profile the api answered (update, team creation) in place of the session's cached one. */
export function useSetCachedProfile(): (profile: UserProfile) => void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useCallback(
    (profile) => {
      if (user) queryClient.setQueryData(sessionKeys.profile(user.accessKey), profile);
    },
    [queryClient, user],
  );
}

/** Reloads the session's profile (after a picture change: the api answers only the address). */
export function useInvalidateProfile(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
    [queryClient],
  );
}
