import { z } from "zod";
import { type StoredSessionUser } from "./types";

/** The local-storage item of spec §3: a store named "session" holding `user` and `lastEmailLoggedIn`. */
export const SESSION_STORAGE_KEY = "session";

const storedSessionSchema = z.object({
  user: z
    .object({
      accessKey: z.string().min(1),
      secretKey: z.string().min(1),
      email: z.string().min(1),
    })
    .optional(),
  lastEmailLoggedIn: z.string().optional(),
});

export type StoredSession = z.infer<typeof storedSessionSchema>;

type SessionStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function defaultStorage(): SessionStorage {
  return window.localStorage;
}

/**
 * The stored session, or an empty one when nothing is stored, the value is not valid or storage is
 * unavailable (then the failure is logged, without the stored value: it holds a secret key).
 */
export function readStoredSession(storage: SessionStorage = defaultStorage()): StoredSession {
  let raw: string | null;
  try {
    raw = storage.getItem(SESSION_STORAGE_KEY);
  } catch (error) {
    console.error("Failed to read the stored session", error);
    return {};
  }
  if (raw === null) return {};
  try {
    const parsed = storedSessionSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
    console.error(
      "Failed to read the stored session: invalid value",
      z.flattenError(parsed.error).fieldErrors,
    );
  } catch {
    console.error("Failed to read the stored session: not JSON");
  }
  return {};
}

/** The stored user, or null (none, invalid, or storage unavailable). */
export function readStoredUser(storage?: SessionStorage): StoredSessionUser | null {
  return readStoredSession(storage).user ?? null;
}

function writeStoredSession(session: StoredSession, storage: SessionStorage): boolean {
  try {
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    return true;
  } catch (error) {
    console.error("Failed to store the session", error);
    return false;
  }
}

/** Stores a logged-in user and remembers its email as the last one used. Returns false when storage fails. */
export function writeStoredUser(
  user: StoredSessionUser,
  storage: SessionStorage = defaultStorage(),
): boolean {
  return writeStoredSession(
    { ...readStoredSession(storage), user, lastEmailLoggedIn: user.email },
    storage,
  );
}

/** Forgets the stored user; keeps the last email so that the login form can offer it again. */
export function clearStoredUser(storage: SessionStorage = defaultStorage()): boolean {
  const { lastEmailLoggedIn, user } = readStoredSession(storage);
  const lastEmail = user?.email ?? lastEmailLoggedIn;
  return writeStoredSession(
    lastEmail === undefined ? {} : { lastEmailLoggedIn: lastEmail },
    storage,
  );
}

/** The last email used to log in on this browser, if any. */
export function readLastEmail(storage?: SessionStorage): string | undefined {
  return readStoredSession(storage).lastEmailLoggedIn;
}
