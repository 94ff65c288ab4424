import { type I18n } from "@paraphe/i18n";
import { I18nProvider, useTranslation } from "@paraphe/i18n/react";
import { Toaster, TooltipProvider } from "@paraphe/ui-kit";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode } from "react";
import { SessionProvider, type SessionProviderProps } from "../features/session/session-provider";

export interface AppProvidersProps extends Omit<SessionProviderProps, "children"> {
  i18n: I18n;
  queryClient: QueryClient;
  children: ReactNode;
}

/** Everything the pages rely on: translations, queries, tooltips, toasts, the session. */
export function AppProviders({
  i18n,
  queryClient,
  loadProfile,
  endServerSession,
  children,
}: AppProvidersProps) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>
          <SessionProvider loadProfile={loadProfile} endServerSession={endServerSession}>
            {children}
          </SessionProvider>
          <TranslatedToaster />
        </TooltipProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}

function TranslatedToaster() {
  const { t } = useTranslation();
  return <Toaster label={t("notifications.label")} closeLabel={t("notifications.close")} />;
}
