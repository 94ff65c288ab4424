import { readReferenceValuesSetting } from "@paraphe/attestation/pinning";
import { createQueryClientDefaults } from "@paraphe/api-sdk";
import { type I18n } from "@paraphe/i18n";
import { I18nProvider, useTranslation } from "@paraphe/i18n/react";
import { Toaster } from "@paraphe/ui-kit";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { createBrowserRouter, RouterProvider } from "react-router";
import { ApiContext, createSignApi, type SignApi } from "../lib/api";
import { config } from "../lib/config";
import { createSignRoutes } from "./router";

export interface AppProps {
  i18n: I18n;
  /** The api client; built from the configuration when omitted (tests pass their own). */
  api?: SignApi;
}

/** The public signing app. */
export function App({ i18n, api: givenApi }: AppProps) {
  const [router] = useState(() => createBrowserRouter(createSignRoutes()));
  const [api] = useState(
    () =>
      givenApi ??
      createSignApi({
        apiUrl: config.apiUrl,
        appCredential: config.appCredential,
        referenceValues: readReferenceValuesSetting(import.meta.env.PARAPHE_REFERENCE_VALUES),
        language: () => i18n.language,
      }),
  );
  // Spec §7 retry rules: only after the tunnel's empty-message failures or a lost tunnel session.
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: createQueryClientDefaults({
          onResetRoutine: () => api.tunnel.reset(),
          onTunnelLost: () => api.tunnel.destroy(),
        }),
      }),
  );
  return (
    <I18nProvider i18n={i18n}>
      <ApiContext value={api}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <TranslatedToaster />
        </QueryClientProvider>
      </ApiContext>
    </I18nProvider>
  );
}

function TranslatedToaster() {
  const { t } = useTranslation();
  return (
    <Toaster
      position="top-center"
      label={t("notifications.label")}
      closeLabel={t("notifications.close")}
    />
  );
}
