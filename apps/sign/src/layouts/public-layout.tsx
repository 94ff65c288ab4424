import { useTranslation } from "@paraphe/i18n/react";
import { Logo, PublicLayout } from "@paraphe/ui-kit";
import { type ReactNode } from "react";
import { config } from "../lib/config";
import { LanguageSelect } from "./language-select";

/**
 * The signing app's layout: branding, subtitle and language choice in the header; a discreet link to
 * the team app in the footer (the header stays uncluttered on phones).
 */
export function SignPublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation("sign");
  return (
    <PublicLayout
      brand={<Logo />}
      subtitle={t("subtitle")}
      actions={<LanguageSelect />}
      footer={
        <a
          href={config.webUrl}
          className="rounded-control text-sm text-ink-muted underline-offset-4 hover:text-ink hover:underline"
        >
          {t("signInToParaphe")}
        </a>
      }
    >
      {children}
    </PublicLayout>
  );
}
