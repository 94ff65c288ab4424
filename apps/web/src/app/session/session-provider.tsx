import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { SessionContext, type SessionContextValue } from "./session-context";
import {
  SESSION_STORAGE_KEY,
  clearStoredUser,
  readStoredUser,
  writeStoredUser,
} from "./session-storage";
import {
  type EndServerSession,
  type LoadProfile,
  type SessionStatus,
  type SignInSeed,
  type StoredSessionUser,
} from "./types";

/** Query keys of the session feature. */
export const sessionKeys = {
  all: ["session"] as const,
  profile: (accessKey: string) => ["session", "profile", accessKey] as const,
};

/** Logged when a stored user cannot be turned into a session (spec §8). */
export const SESSION_LOAD_FAILURE = "Failed to load user session";

export interface SessionProviderProps {
  /**
   * Loads the profile of the stored user (POST /user/profile, with the tunnel and identity issue).
   * Without it no profile can be known, so a stored user is treated as logged out.
   */
  loadProfile?: LoadProfile;
  /** Ends the user's server sessions at logout (POST /authentication/terminate-sessions). */
  endServerSession?: EndServerSession;
  /** Drops the secure tunnel at logout, after the server sessions ended and before leaving (spec §4). */
  dropTunnel?: () => void;
  children: ReactNode;
}

/**
 * The session of spec §4: loading, then logged in or logged out. A stored user is logged in once its
 * profile has loaded; without a user, without a profile loader, or when the profile fails to load
 * (logged as "Failed to load user session"), the app is logged out.
 */
export function SessionProvider({
  loadProfile,
  endServerSession,
  dropTunnel,
  children,
}: SessionProviderProps) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<StoredSessionUser | null>(() => readStoredUser());
  const userRef = useRef(user);

  /**
   * Makes `next` the session's user. When it is someone else (another person, or nobody), every
   * cached query goes first: nothing the previous user read (their lists, their inbox's signing
   * links) is shown to the next one, whatever changed the stored user (a logout or sign-in here or
   * in another tab, a 401).
   */
  const followUser = useCallback(
    (next: StoredSessionUser | null, options: { transition?: boolean } = {}) => {
      const previous = userRef.current;
      userRef.current = next;
      const changed = previous?.accessKey !== next?.accessKey || previous?.email !== next?.email;
      if (options.transition === true) startTransition(() => setUser(next));
      else setUser(next);
      if (changed) queryClient.clear();
    },
    [queryClient],
  );

  // Another tab logged in or out, or a call was answered 401 (`leaveOnAuthenticationError`).
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_STORAGE_KEY || event.key === null) followUser(readStoredUser());
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [followUser]);

  const profileQuery = useQuery({
    queryKey: sessionKeys.profile(user?.accessKey ?? ""),
    queryFn: ({ signal }) => {
      if (!user || !loadProfile) throw new Error("No session to load");
      return loadProfile(user, { signal });
    },
    enabled: user !== null && loadProfile !== undefined,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
    retry: false,
  });

  const missingLoader = user !== null && loadProfile === undefined;
  const { error } = profileQuery;
  useEffect(() => {
    if (missingLoader)
      console.error(SESSION_LOAD_FAILURE, new Error("No profile loader is configured"));
  }, [missingLoader]);
  useEffect(() => {
    if (error) console.error(SESSION_LOAD_FAILURE, error);
  }, [error]);

  let status: SessionStatus;
  if (!user || missingLoader || profileQuery.isError) status = "anonymous";
  else if (profileQuery.isSuccess) status = "authenticated";
  else status = "loading";
  const profile = status === "authenticated" ? (profileQuery.data ?? null) : null;

  const signIn = useCallback(
    (next: StoredSessionUser, seed?: SignInSeed) => {
      writeStoredUser(next);
      followUser(next);
      // The sign-in answered the profile: the session is authenticated at once, without asking
      // /user/profile (a round trip before the first page after sign-in can show).
      if (seed?.profile)
        queryClient.setQueryData(sessionKeys.profile(next.accessKey), seed.profile);
    },
    [followUser, queryClient],
  );

  const signOut = useCallback(
    async (leave?: (email: string | undefined) => void | Promise<void>) => {
      const current = readStoredUser() ?? user;
      if (current && endServerSession) {
        try {
          await endServerSession(current);
        } catch (failure) {
          console.warn("Failed to end the server session at logout", failure);
        }
      }
      try {
        dropTunnel?.();
      } catch (failure) {
        console.warn("Failed to drop the secure tunnel at logout", failure);
      }
      await leave?.(current?.email ?? profile?.email);
      clearStoredUser();
      // A transition, like the router's navigation to /login: both render together, so the guards
      // never see the old page without a user (they would redirect it to /login without the email).
      followUser(null, { transition: true });
    },
    [dropTunnel, endServerSession, followUser, profile?.email, user],
  );

  const value = useMemo<SessionContextValue>(
    () => ({ status, user: status === "anonymous" ? null : user, profile, signIn, signOut }),
    [status, user, profile, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
