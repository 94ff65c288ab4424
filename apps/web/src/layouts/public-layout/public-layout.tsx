import { useTranslation } from "@paraphe/i18n/react";
import { Logo, PublicLayout, buttonVariants } from "@paraphe/ui-kit";
import { LogIn } from "lucide-react";
import { type ReactNode } from "react";
import { Link } from "react-router";
import { LanguageMenu } from "../language-menu";
import { SecurityButton } from "../security-button";

/**
 * The layout of pages without a session (spec §2): branding, subtitle, security status, language
 * menu and the sign-in item (or `account`, e.g. a logout button, for a person signed in but not
 * yet in a team).
 */
export function WebPublicLayout({
  children,
  account,
}: {
  children: ReactNode;
  account?: ReactNode;
}) {
  const { t } = useTranslation(["web", "common"]);
  return (
    <PublicLayout
      brand={
        <Link to="/" className="inline-flex rounded-control" aria-label={t("common:appName")}>
          <Logo />
        </Link>
      }
      subtitle={t("subtitle")}
      actions={
        <>
          <SecurityButton />
          <LanguageMenu />
          {account ?? (
            <Link to="/login" className={buttonVariants({ variant: "secondary", size: "sm" })}>
              <LogIn aria-hidden="true" />
              {t("publicLayout.signIn")}
            </Link>
          )}
        </>
      }
    >
      {children}
    </PublicLayout>
  );
}
