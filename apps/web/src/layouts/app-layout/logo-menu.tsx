import { useLanguage, useTranslation } from "@paraphe/i18n/react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  Logo,
} from "@paraphe/ui-kit";
import { ExternalLink, Globe, LayoutDashboard, Scale, ShieldCheck } from "lucide-react";
import { type ReactNode } from "react";
import { Link } from "react-router";
import { config } from "../../lib/config";
import { publicSiteLinks } from "../../lib/public-site";

/**
 * The logo menu of spec §2: open the dashboard, go to the public website, read the privacy policy
 * and signature legality (those two in a new tab), each in the current language.
 */
export function LogoMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation("web");
  const { language } = useLanguage();
  const links = publicSiteLinks(config.publicSiteUrl, language);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          aria-label={t("logoMenu.trigger")}
          className="-mx-1.5 inline-flex items-center rounded-control p-1.5 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          <Logo compact={compact} />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-72">
        <DropdownMenuItem asChild>
          <Link to="/">
            <LayoutDashboard aria-hidden="true" />
            {t("logoMenu.openDashboard")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={links.home}>
            <Globe aria-hidden="true" />
            {t("logoMenu.publicWebsite")}
          </a>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <NewTabItem href={links.privacy} icon={<ShieldCheck aria-hidden="true" />}>
          {t("logoMenu.privacyPolicy")}
        </NewTabItem>
        <NewTabItem href={links.signatureLegality} icon={<Scale aria-hidden="true" />}>
          {t("logoMenu.signatureLegality")}
        </NewTabItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function NewTabItem({
  href,
  icon,
  children,
}: {
  href: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <DropdownMenuItem asChild>
      <a href={href} target="_blank" rel="noopener noreferrer">
        {icon}
        <span className="min-w-0 flex-1">
          {children}
          <span className="sr-only"> {t("opensInNewTab")}</span>
        </span>
        <ExternalLink aria-hidden="true" className="ml-auto" />
      </a>
    </DropdownMenuItem>
  );
}
