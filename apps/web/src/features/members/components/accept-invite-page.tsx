import { useDocumentTitle, useTranslation } from "@paraphe/i18n/react";
import { Button, Card, CardContent, LoadingScreen } from "@paraphe/ui-kit";
import { Users } from "lucide-react";
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { type LoginRedirectState } from "../../../app/session/components/require-session";
import { useSession } from "../../../app/session/session-context";
import { useInvalidateProfile } from "../../../app/session/use-cached-profile";
import { useErrorText } from "../../../lib/api/error-text";
import { formatDateTime } from "../../../lib/format";
import { useAcceptInvite, useViewInvite } from "../api/members-queries";

/** The navigation state of the page once the token left the address bar. */
interface InviteState {
  inviteToken?: string;
}

/**
 * The invitation token of the link: in the fragment (`#token=...`, never sent to a server, so it
 * stays out of server and proxy logs), or in the query of older mails (`?token=...`). Once read it
 * leaves the address bar (the history entry is replaced, so the tab's history forgets it too) and
 * is kept in the entry's navigation state, so that a reload still shows the invitation.
 */
function useInvitationToken(): string {
  const location = useLocation();
  const navigate = useNavigate();
  const inLink =
    new URLSearchParams(location.hash.slice(1)).get("token") ??
    new URLSearchParams(location.search).get("token") ??
    undefined;
  const state = (location.state ?? null) as (InviteState & Record<string, unknown>) | null;
  useEffect(() => {
    if (inLink === undefined) return;
    const search = new URLSearchParams(location.search);
    search.delete("token");
    const query = search.toString();
    void navigate(
      { pathname: location.pathname, search: query === "" ? "" : `?${query}`, hash: "" },
      { replace: true, state: { ...state, inviteToken: inLink } },
    );
  }, [inLink, location.pathname, location.search, navigate, state]);
  return inLink ?? state?.inviteToken ?? "";
}

/**
 * /accept-team-invite#token=... (spec §2): the invitation (team, inviter, role) and an Accept
 * button. A visitor who is not signed in goes through /login (with the invited address) and comes
 * back here; accepting lands the new member in the team's default workspace. Errors of spec §8:
 * the invitation could not be fetched, or not accepted.
 */
export function AcceptInvitePage() {
  const { t, i18n } = useTranslation("web");
  const errorText = useErrorText();
  const token = useInvitationToken();
  const location = useLocation();
  const navigate = useNavigate();
  const { status, user, profile } = useSession();
  const invite = useViewInvite(token);
  const accept = useAcceptInvite();
  const invalidateProfile = useInvalidateProfile();
  useDocumentTitle(t("acceptInvite.title"));
  const language = i18n.resolvedLanguage ?? i18n.language;

  if (status === "loading" || (token !== "" && invite.isPending)) {
    return <LoadingScreen label={t("acceptInvite.loading")} />;
  }

  const signIn = (email: string) => {
    const state: LoginRedirectState = {
      // Back here after the login, the token in the fragment again (read, then removed).
      from: {
        pathname: location.pathname,
        search: location.search,
        hash: `#${new URLSearchParams({ token }).toString()}`,
      },
    };
    void navigate(`/login#email=${encodeURIComponent(email)}`, { state });
  };

  const onAccept = () => {
    accept.mutate(token, {
      onSuccess: async ({ defaultWorkspaceUuid }) => {
        await invalidateProfile();
        await navigate(`/envelopes/${defaultWorkspaceUuid}/all`, { replace: true });
      },
    });
  };

  let body;
  if (token === "") {
    body = (
      <p role="alert" className="text-sm font-medium text-danger">
        {t("acceptInvite.missingToken")}
      </p>
    );
  } else if (invite.isError || !invite.data) {
    body = (
      <div role="alert" className="flex flex-col gap-1 text-sm">
        <p className="font-medium text-danger">{t("acceptInvite.fetchError")}</p>
        <p className="text-ink-muted">{errorText.apiError(invite.error)}</p>
      </div>
    );
  } else {
    const data = invite.data;
    const signedInAs = status === "authenticated" ? (profile?.email ?? user?.email) : undefined;
    const otherAccount =
      signedInAs !== undefined && signedInAs.toLowerCase() !== data.email.toLowerCase();
    body = (
      <>
        <p className="text-sm text-ink">
          {t("acceptInvite.description", {
            inviter: data.inviterName,
            team: data.teamName,
            role: data.roleName,
          })}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-ink-muted">{t("acceptInvite.team")}</dt>
          <dd className="font-medium text-ink">{data.teamName}</dd>
          <dt className="text-ink-muted">{t("acceptInvite.inviter")}</dt>
          <dd className="text-ink">{data.inviterName}</dd>
          <dt className="text-ink-muted">{t("acceptInvite.role")}</dt>
          <dd className="text-ink">{data.roleName}</dd>
          <dt className="text-ink-muted">{t("acceptInvite.email")}</dt>
          <dd className="break-all text-ink">{data.email}</dd>
          <dt className="text-ink-muted">{t("acceptInvite.expires")}</dt>
          <dd className="text-ink">{formatDateTime(data.expiresAt, language, "")}</dd>
        </dl>
        {accept.isError ? (
          <div role="alert" className="flex flex-col gap-1 text-sm">
            <p className="font-medium text-danger">{t("acceptInvite.acceptError")}</p>
            <p className="text-ink-muted">{errorText.apiError(accept.error)}</p>
          </div>
        ) : null}
        {status !== "authenticated" ? (
          <>
            <p className="text-sm text-ink-muted">
              {t("acceptInvite.signInHint", { email: data.email })}
            </p>
            <Button className="sm:self-end" onClick={() => signIn(data.email)}>
              {t("acceptInvite.signInToAccept")}
            </Button>
          </>
        ) : otherAccount ? (
          <p role="status" className="text-sm text-ink">
            {t("acceptInvite.otherAccount", { current: signedInAs, email: data.email })}
          </p>
        ) : (
          <Button className="sm:self-end" loading={accept.isPending} onClick={onAccept}>
            {t("acceptInvite.accept")}
          </Button>
        )}
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-lg flex-col py-6 sm:py-12">
      <Card>
        <CardContent className="flex flex-col gap-5 pt-6">
          <div
            aria-hidden="true"
            className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600"
          >
            <Users className="size-6" />
          </div>
          <h1 className="text-xl leading-7 font-semibold text-ink">{t("acceptInvite.title")}</h1>
          {body}
        </CardContent>
      </Card>
    </div>
  );
}
