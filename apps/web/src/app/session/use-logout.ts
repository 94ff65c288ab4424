import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useSession } from "./session-context";

/** The /login address after logout: the email travels in the fragment (spec §2, §4), never to a server. */
export function loginPathAfterLogout(email: string | undefined): string {
  return email ? `/login#${new URLSearchParams({ email }).toString()}` : "/login";
}

/** Logs out and goes to /login with the email in the fragment. */
export function useLogout(): () => Promise<void> {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return useCallback(
    () => signOut((email) => navigate(loginPathAfterLogout(email), { replace: true })),
    [navigate, signOut],
  );
}
