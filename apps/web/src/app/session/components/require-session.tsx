import { useTranslation } from "@paraphe/i18n/react";
import { LoadingScreen } from "@paraphe/ui-kit";
import { Navigate, Outlet, useLocation, useNavigation } from "react-router";
import { useSession } from "../session-context";
import { readLastEmail } from "../session-storage";
import { loginPathAfterLogout } from "../use-logout";

/** Where a guarded page was asked for, so that login can come back to it. */
export interface LoginRedirectState {
  from: { pathname: string; search: string; hash: string };
}

/**
 * Guards the member pages (spec §2): a loading screen while the profile loads, /login without a
 * user (keeping the target in the navigation state, and the last email in the fragment), /onboarding/team for a user without a team.
 */
export function RequireSession() {
  const { status, profile } = useSession();
  const location = useLocation();
  const navigation = useNavigation();
  const { t } = useTranslation("web");

  if (status === "loading") return <LoadingScreen label={t("session.loading")} />;
  if (status === "anonymous") {
    // A navigation to /login already under way (the logout's, with the email in the fragment,
    // while the login page's module loads) is left to finish rather than replaced by a bare one.
    if (navigation.location?.pathname === "/login") return null;
    const state: LoginRedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    // With the last email in the fragment, as after a logout: the member layout may render once
    // more as a logout's navigation ends, and its redirect then gives the same address.
    return <Navigate to={loginPathAfterLogout(readLastEmail())} replace state={state} />;
  }
  if (!profile?.team) return <Navigate to="/onboarding/team" replace />;
  return <Outlet />;
}
