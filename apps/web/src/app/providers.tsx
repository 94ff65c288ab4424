import { type I18n } from "@paraphe/i18n";
import { I18nProvider, useTranslation } from "@paraphe/i18n/react";
import { preinitialize } from "@paraphe/tunnel-client";
import type { QueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from "react";
import { createAppQueries, QueriesContext } from "./queries";
import { SessionProvider, type SessionProviderProps } from "./session/session-provider";
import { type EndServerSession, type LoadProfile } from "./session/types";
import { ApiProvider } from "../lib/api/api-context";
import { type WebApi } from "../lib/api/create-web-api";

// The notifications and their library come after the first load (`./toaster`).
const TranslatedToaster = lazy(() =>
  import("./toaster").then((module) => ({ default: module.TranslatedToaster })),
);

/** How long the toast of a failed tunnel pre-initialisation stays (spec §9). */
export const TUNNEL_TOAST_DURATION_MS = 60_000;

export interface AppProvidersProps extends Omit<SessionProviderProps, "children"> {
  i18n: I18n;
  /**
   * The query client, when made already (tests); the app's is made by the first page that uses
   * queries (`QueryScope`), with the retry rules of spec §7 acting on the api's tunnel.
   */
  queryClient?: QueryClient;
  /** The app's api client; the session loads the profile and ends server sessions through it. */
  api: WebApi;
  /** Opens the tunnel 200 ms after start (spec §7); off in component tests. */
  preinitializeTunnel?: boolean;
  children: ReactNode;
}

/** The session's calls through the api client (spec §4, §7). */
export function sessionCallsOf(api: WebApi): {
  loadProfile: LoadProfile;
  endServerSession: EndServerSession;
  dropTunnel: () => void;
} {
  return {
    loadProfile: (_user, { signal }) => api.user.profile({}, { signal }),
    endServerSession: async (user) => {
      await api.authentication.terminateSessions({ filter: { accessKeys: [user.accessKey] } });
    },
    dropTunnel: () => api.tunnel.destroy(),
  };
}

/**
 * Everything the pages rely on: translations, the api, the query client's holder, toasts and the
 * session. The member's permissions (their CASL rules) and the tooltips' shared provider are the
 * members' layout's, and TanStack Query comes with the pages that use it (`QueryScope`), so that
 * none of these libraries is part of the login page's first load.
 */
export function AppProviders({
  i18n,
  queryClient,
  api,
  preinitializeTunnel = false,
  loadProfile,
  endServerSession,
  dropTunnel,
  children,
}: AppProvidersProps) {
  const calls = useMemo(() => sessionCallsOf(api), [api]);
  const [queries] = useState(() => createAppQueries(api.tunnel, queryClient));
  return (
    <I18nProvider i18n={i18n}>
      <ApiProvider api={api}>
        <QueriesContext.Provider value={queries}>
          <SessionProvider
            loadProfile={loadProfile ?? calls.loadProfile}
            endServerSession={endServerSession ?? calls.endServerSession}
            dropTunnel={dropTunnel ?? calls.dropTunnel}
          >
            {children}
          </SessionProvider>
          <Suspense fallback={null}>
            <TranslatedToaster />
          </Suspense>
          {preinitializeTunnel ? <TunnelPreinitializer api={api} /> : null}
        </QueriesContext.Provider>
      </ApiProvider>
    </I18nProvider>
  );
}

/** Opens the tunnel early; a failure shows the tunnelPreinitFailed toast with Reload for 60 s. */
export function TunnelPreinitializer({ api }: { api: WebApi }) {
  const { t } = useTranslation(["errors", "common"]);
  useEffect(
    () =>
      preinitialize(api.tunnel, {
        onFailure: (error) => {
          console.error("The secure tunnel could not be pre-initialised", error);
          void import("./toaster").then(({ toast }) =>
            toast.error(t("errors:tunnelPreinitFailed"), {
              id: "tunnel-preinit-failed",
              duration: TUNNEL_TOAST_DURATION_MS,
              action: {
                label: t("common:actions.reload"),
                onClick: () => window.location.reload(),
              },
            }),
          );
        },
      }),
    [api, t],
  );
  return null;
}
