import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { leaveOnAuthenticationError } from "../../lib/api/authentication-error";
import { createAppQueries, QueriesContext } from "../queries";
import { createQueryClient } from "../query-client";
import { TEST_PROFILE, TEST_USER } from "../../test/render-app";
import { useSession } from "./session-context";
import { SessionProvider, type SessionProviderProps } from "./session-provider";
import {
  SESSION_STORAGE_KEY,
  readLastEmail,
  readStoredUser,
  writeStoredUser,
} from "./session-storage";

let session: ReturnType<typeof useSession> | null = null;

function Probe() {
  session = useSession();
  return <p data-testid="status">{session.status}</p>;
}

function renderSession(props: Omit<SessionProviderProps, "children"> = {}) {
  const queryClient = createQueryClient();
  render(
    <QueriesContext.Provider value={createAppQueries(undefined, queryClient)}>
      <SessionProvider {...props}>
        <Probe />
      </SessionProvider>
    </QueriesContext.Provider>,
  );
  return { queryClient };
}

const status = () => screen.getByTestId("status").textContent;

describe("SessionProvider", () => {
  it("is anonymous without a stored user, and never loads a profile", () => {
    const loadProfile = vi.fn(async () => TEST_PROFILE);
    renderSession({ loadProfile });
    expect(status()).toBe("anonymous");
    expect(loadProfile).not.toHaveBeenCalled();
  });

  it("loads, then is authenticated with the profile of the stored user", async () => {
    writeStoredUser(TEST_USER);
    renderSession({ loadProfile: async () => TEST_PROFILE });
    expect(status()).toBe("loading");
    await waitFor(() => expect(status()).toBe("authenticated"));
    expect(session?.profile).toEqual(TEST_PROFILE);
    expect(session?.user).toEqual(TEST_USER);
  });

  it("signs a user in: stores it and loads its profile", async () => {
    const loadProfile = vi.fn(async () => TEST_PROFILE);
    renderSession({ loadProfile });
    act(() => session?.signIn(TEST_USER));
    expect(readStoredUser()).toEqual(TEST_USER);
    await waitFor(() => expect(status()).toBe("authenticated"));
    expect(loadProfile).toHaveBeenCalledTimes(1);
  });

  it("takes the profile a sign-in answered: authenticated at once, without loading it", () => {
    const loadProfile = vi.fn(async () => TEST_PROFILE);
    renderSession({ loadProfile });
    act(() => session?.signIn(TEST_USER, { profile: TEST_PROFILE }));
    expect(readStoredUser()).toEqual(TEST_USER);
    expect(status()).toBe("authenticated");
    expect(session?.profile).toEqual(TEST_PROFILE);
    expect(loadProfile).not.toHaveBeenCalled();
  });

  it("drops the previous person's data before taking the profile a sign-in answered", async () => {
    writeStoredUser({ ...TEST_USER, accessKey: "ses_previous", email: "previous@example.com" });
    const { queryClient } = renderSession({
      loadProfile: async () => ({ ...TEST_PROFILE, email: "previous@example.com" }),
    });
    await waitFor(() => expect(status()).toBe("authenticated"));
    queryClient.setQueryData(["envelopes", "previous"], ["theirs"]);
    act(() => session?.signIn(TEST_USER, { profile: TEST_PROFILE }));
    expect(status()).toBe("authenticated");
    expect(session?.profile).toEqual(TEST_PROFILE);
    expect(queryClient.getQueryData(["envelopes", "previous"])).toBeUndefined();
  });

  it("signs out: ends the server session, leaves, then forgets the user and the query cache", async () => {
    writeStoredUser(TEST_USER);
    const order: string[] = [];
    const endServerSession = vi.fn(async () => {
      order.push("server");
    });
    const { queryClient } = renderSession({
      loadProfile: async () => TEST_PROFILE,
      endServerSession,
    });
    await waitFor(() => expect(status()).toBe("authenticated"));
    queryClient.setQueryData(["envelopes"], ["cached"]);

    await act(async () => {
      await session?.signOut((email) => {
        order.push(`leave ${email}`);
        expect(readStoredUser()).toEqual(TEST_USER);
      });
    });
    expect(order).toEqual(["server", "leave lea.martin@example.com"]);
    expect(endServerSession).toHaveBeenCalledWith(TEST_USER);
    expect(status()).toBe("anonymous");
    expect(readStoredUser()).toBeNull();
    expect(readLastEmail()).toBe(TEST_USER.email);
    expect(queryClient.getQueryData(["envelopes"])).toBeUndefined();
  });

  it("still signs out when ending the server session fails, with a warning", async () => {
    writeStoredUser(TEST_USER);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    renderSession({
      loadProfile: async () => TEST_PROFILE,
      endServerSession: () => Promise.reject(new Error("offline")),
    });
    await waitFor(() => expect(status()).toBe("authenticated"));
    await act(async () => {
      await session?.signOut();
    });
    expect(status()).toBe("anonymous");
    expect(warn).toHaveBeenCalledWith(
      "Failed to end the server session at logout",
      expect.any(Error),
    );
  });

  it("forgets every cached query when another tab logs out, or a 401 removes the stored user", async () => {
    for (const end of ["other tab", "401"] as const) {
      localStorage.clear();
      writeStoredUser(TEST_USER);
      const { queryClient } = renderSession({ loadProfile: async () => TEST_PROFILE });
      await waitFor(() => expect(status()).toBe("authenticated"));
      queryClient.setQueryData(["envelopes", "inbox"], ["signing link of the previous user"]);
      if (end === "other tab") {
        localStorage.setItem(
          SESSION_STORAGE_KEY,
          JSON.stringify({ lastEmailLoggedIn: TEST_USER.email }),
        );
        act(() => {
          window.dispatchEvent(new StorageEvent("storage", { key: SESSION_STORAGE_KEY }));
        });
      } else {
        act(() => {
          leaveOnAuthenticationError({ pathname: () => "/login", navigate: () => undefined });
        });
      }
      expect(status()).toBe("anonymous");
      expect(queryClient.getQueryData(["envelopes", "inbox"])).toBeUndefined();
      cleanup();
    }
  });

  it("forgets every cached query when another person signs in, here or in another tab", async () => {
    const other = { ...TEST_USER, accessKey: "ak_other", email: "sam.other@example.com" };
    const loadProfile = vi.fn(async () => TEST_PROFILE);
    const { queryClient } = renderSession({ loadProfile });
    queryClient.setQueryData(["envelopes", "inbox"], ["left from before"]);
    act(() => session?.signIn(TEST_USER));
    expect(queryClient.getQueryData(["envelopes", "inbox"])).toBeUndefined();
    await waitFor(() => expect(status()).toBe("authenticated"));

    queryClient.setQueryData(["envelopes", "inbox"], ["Lea's signing links"]);
    writeStoredUser(other);
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: SESSION_STORAGE_KEY }));
    });
    expect(queryClient.getQueryData(["envelopes", "inbox"])).toBeUndefined();
    await waitFor(() => expect(session?.user).toEqual(other));

    // The same user stored again (another tab wrote its last email): the cache stays.
    queryClient.setQueryData(["envelopes", "inbox"], ["Sam's signing links"]);
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: SESSION_STORAGE_KEY }));
    });
    expect(queryClient.getQueryData(["envelopes", "inbox"])).toEqual(["Sam's signing links"]);
  });

  it("follows a logout made in another tab", async () => {
    writeStoredUser(TEST_USER);
    renderSession({ loadProfile: async () => TEST_PROFILE });
    await waitFor(() => expect(status()).toBe("authenticated"));
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ lastEmailLoggedIn: TEST_USER.email }),
    );
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: SESSION_STORAGE_KEY }));
    });
    expect(status()).toBe("anonymous");
  });
});
