import { describe, expect, it, vi } from "vitest";
import {
  SESSION_STORAGE_KEY,
  clearStoredUser,
  readLastEmail,
  readStoredSession,
  readStoredUser,
  writeStoredUser,
} from "./session-storage";

const user = { accessKey: "ak_1", secretKey: "sk_very_secret", email: "sam@example.com" };

describe("stored session", () => {
  it("is stored under the local-storage item 'session' as {user, lastEmailLoggedIn}", () => {
    expect(writeStoredUser(user)).toBe(true);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? "null")).toEqual({
      user,
      lastEmailLoggedIn: "sam@example.com",
    });
    expect(readStoredUser()).toEqual(user);
  });

  it("has no user when nothing is stored", () => {
    expect(readStoredUser()).toBeNull();
    expect(readStoredSession()).toEqual({});
  });

  it("forgets the user and keeps the last email at logout", () => {
    writeStoredUser(user);
    expect(clearStoredUser()).toBe(true);
    expect(readStoredUser()).toBeNull();
    expect(readLastEmail()).toBe("sam@example.com");
  });

  it("returns no user and logs, without the stored secret, when the value is not JSON", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    localStorage.setItem(SESSION_STORAGE_KEY, "{not json sk_very_secret");
    expect(readStoredUser()).toBeNull();
    expect(error).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(error.mock.calls)).not.toContain("sk_very_secret");
  });

  it("returns no user and logs when the stored user lacks a field", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({
        user: { accessKey: "ak_1", secretKey: "sk_very_secret" },
        lastEmailLoggedIn: "x@example.com",
      }),
    );
    expect(readStoredUser()).toBeNull();
    expect(error).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(error.mock.calls)).not.toContain("sk_very_secret");
  });

  it("returns no user and logs when storage itself fails", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
      removeItem: () => {},
    };
    expect(readStoredUser(broken)).toBeNull();
    expect(writeStoredUser(user, broken)).toBe(false);
    expect(error).toHaveBeenCalledWith(
      "Failed to read the stored session",
      expect.any(DOMException),
    );
    expect(error).toHaveBeenCalledWith("Failed to store the session", expect.any(DOMException));
  });
});
