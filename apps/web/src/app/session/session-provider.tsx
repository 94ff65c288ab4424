import {
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { QueriesContext } from "../queries";
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
  type UserProfile,
} from "./types";

/** The profile of a user, by their access key: null while it loads; `failed` when it did not. */
interface LoadedProfile {
  accessKey: string;
  profile: UserProfile | null;
  failed: boolean;
}

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
  const queries = useContext(QueriesContext);
  const [user, setUser] = useState<StoredSessionUser | null>(() => readStoredUser());
  const userRef = useRef(user);
  // The profile is loaded once per user (by access key) and kept until the user changes; it is not
  // a TanStack Query query, so that the library is not part of the login page's first load.
  const [loaded, setLoaded] = useState<LoadedProfile | null>(null);
  /** The access key whose profile was asked for or given. */
  const asked = useRef<string | null>(null);
  const loading = useRef<AbortController | null>(null);

  /**
   * Makes `next` the session's user. When it is someone else (another person, or nobody), their
   * profile and every cached query go first: nothing the previous user read (their lists, their
   * inbox's signing links) is shown to the next one, whatever changed the stored user (a logout or
   * sign-in here or in another tab, a 401).
   */
  const followUser = useCallback(
    (next: StoredSessionUser | null, options: { transition?: boolean } = {}) => {
      const previous = userRef.current;
      userRef.current = next;
      const changed = previous?.accessKey !== next?.accessKey || previous?.email !== next?.email;
      if (options.transition === true) startTransition(() => setUser(next));
      else setUser(next);
      if (changed) {
        asked.current = null;
        loading.current?.abort();
        setLoaded(null);
        queries?.current()?.clear();
      }
    },
    [queries],
  );

  // Another tab logged in or out, or a call was answered 401 (`leaveOnAuthenticationError`).
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_STORAGE_KEY || event.key === null) followUser(readStoredUser());
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [followUser]);

  /** Loads `of`'s profile (not retried: a failure means the stored session is not valid). */
  const load = useCallback(
    async (of: StoredSessionUser) => {
      if (!loadProfile) return;
      const { accessKey } = of;
      const controller = new AbortController();
      loading.current = controller;
      let outcome: LoadedProfile;
      try {
        outcome = {
          accessKey,
          profile: await loadProfile(of, { signal: controller.signal }),
          failed: false,
        };
      } catch (error) {
        if (asked.current === accessKey) console.error(SESSION_LOAD_FAILURE, error);
        outcome = { accessKey, profile: null, failed: true };
      }
      if (asked.current === accessKey) setLoaded(outcome);
    },
    [loadProfile],
  );

  useEffect(() => {
    if (!user || asked.current === user.accessKey) return;
    asked.current = user.accessKey;
    void load(user);
  }, [user, load]);

  const missingLoader = user !== null && loadProfile === undefined;
  useEffect(() => {
    if (missingLoader)
      console.error(SESSION_LOAD_FAILURE, new Error("No profile loader is configured"));
  }, [missingLoader]);

  const current = user !== null && loaded?.accessKey === user.accessKey ? loaded : null;
  let status: SessionStatus;
  if (!user || missingLoader || current?.failed === true) status = "anonymous";
  else if (current?.profile) status = "authenticated";
  else status = "loading";
  const profile = status === "authenticated" ? (current?.profile ?? null) : null;

  /** Puts `next` in place of the user's profile (an answer of the api that carries it). */
  const setProfile = useCallback((next: UserProfile) => {
    const of = userRef.current;
    if (!of) return;
    asked.current = of.accessKey;
    setLoaded({ accessKey: of.accessKey, profile: next, failed: false });
  }, []);

  /** Loads the user's profile again; the current one stays meanwhile. */
  const reloadProfile = useCallback(async () => {
    const of = userRef.current;
    if (!of || asked.current !== of.accessKey) return;
    await load(of);
  }, [load]);

  const signIn = useCallback(
    (next: StoredSessionUser, seed?: SignInSeed) => {
      writeStoredUser(next);
      followUser(next);
      // The sign-in answered the profile: the session is authenticated at once, without asking
      // /user/profile (a round trip before the first page after sign-in can show).
      if (seed?.profile) {
        asked.current = next.accessKey;
        setLoaded({ accessKey: next.accessKey, profile: seed.profile, failed: false });
      }
    },
    [followUser],
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
    () => ({
      status,
      user: status === "anonymous" ? null : user,
      profile,
      signIn,
      signOut,
      setProfile,
      reloadProfile,
    }),
    [status, user, profile, signIn, signOut, setProfile, reloadProfile],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
