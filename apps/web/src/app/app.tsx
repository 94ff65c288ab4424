import { type I18n } from "@paraphe/i18n";
import { useState } from "react";
import { type createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { leaveOnAuthenticationError } from "../lib/api/authentication-error";
import { createWebApi } from "../lib/api/create-web-api";
import { config } from "../lib/config";
import { telemetryTraceparent } from "../lib/telemetry/telemetry";
import { AppProviders } from "./providers";

/** The app's router (`createBrowserRouter(createAppRoutes())`). */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The team web app: one router, one api client (tunnel + signatures), one query client (made by the
 * first page that uses queries: `QueryScope`). The router is made before the app renders (see
 * `main.tsx`), so that the first page's code is on its way while the texts download.
 */
export function App({ i18n, router }: { i18n: I18n; router: AppRouter }) {
  const [api] = useState(() =>
    createWebApi({
      apiUrl: config.apiUrl,
      appCredential: config.appCredential,
      language: () => i18n.resolvedLanguage ?? i18n.language,
      // Only a build with a collector carries the telemetry's code.
      ...(import.meta.env.VITE_TELEMETRY_URL ? { traceparent: telemetryTraceparent } : {}),
      onAuthenticationError: () =>
        leaveOnAuthenticationError({
          pathname: () => router.state.location.pathname,
          navigate: (path) => void router.navigate(path, { replace: true }),
        }),
    }),
  );
  return (
    <AppProviders i18n={i18n} api={api} preinitializeTunnel>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
