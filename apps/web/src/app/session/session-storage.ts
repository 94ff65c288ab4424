import { type StoredSessionUser } from "./types";

/** The local-storage item of spec §3: a store named "session" holding `user` and `lastEmailLoggedIn`. */
export const SESSION_STORAGE_KEY = "session";

export interface StoredSession {
  user?: StoredSessionUser;
  lastEmailLoggedIn?: string;
}

const USER_FIELDS = ["accessKey", "secretKey", "email"] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The stored session of a parsed value (its known fields only), or the paths of the fields that
 * are not valid (never their values: the user holds a secret key). Checked by hand rather than with
 * a zod schema: every page reads it before anything else, and zod is not part of the first load.
 */
function parseStoredSession(value: unknown): { session: StoredSession } | { invalid: string[] } {
  if (!isRecord(value)) return { invalid: ["(root)"] };
  const invalid: string[] = [];
  const session: StoredSession = {};
  if (value.user !== undefined) {
    const user = value.user;
    if (!isRecord(user)) invalid.push("user");
    else {
      const wrong = USER_FIELDS.filter((field) => {
        const fieldValue = user[field];
        return typeof fieldValue !== "string" || fieldValue.length === 0;
      });
      invalid.push(...wrong.map((field) => `user.${field}`));
      if (wrong.length === 0) {
        session.user = {
          accessKey: user.accessKey as string,
          secretKey: user.secretKey as string,
          email: user.email as string,
        };
      }
    }
  }
  if (value.lastEmailLoggedIn !== undefined) {
    if (typeof value.lastEmailLoggedIn === "string") {
      session.lastEmailLoggedIn = value.lastEmailLoggedIn;
    } else invalid.push("lastEmailLoggedIn");
  }
  return invalid.length === 0 ? { session } : { invalid };
}

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
    const parsed = parseStoredSession(JSON.parse(raw));
    if ("session" in parsed) return parsed.session;
    console.error("Failed to read the stored session: invalid value", parsed.invalid);
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
