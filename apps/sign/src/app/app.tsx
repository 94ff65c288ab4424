import { type I18n } from "@paraphe/i18n";
import { I18nProvider, useTranslation } from "@paraphe/i18n/react";
import { Toaster } from "@paraphe/ui-kit";
import { useState } from "react";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { createSignRoutes } from "./router";

/** The public signing app. */
export function App({ i18n }: { i18n: I18n }) {
  const [router] = useState(() => createBrowserRouter(createSignRoutes()));
  return (
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
      <TranslatedToaster />
    </I18nProvider>
  );
}

function TranslatedToaster() {
  const { t } = useTranslation();
  return <Toaster label={t("notifications.label")} closeLabel={t("notifications.close")} />;
}
