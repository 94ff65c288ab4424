import { useLanguage, useTranslation } from "@paraphe/i18n/react";
import {
  Avatar,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@paraphe/ui-kit";
import { LifeBuoy, LogOut, UserRound } from "lucide-react";
import { Link } from "react-router";
import { useSession } from "../../app/session/session-context";
import { useLogout } from "../../app/session/use-logout";
import { useProfilePictureSrc } from "../../lib/profile-picture";
import { LanguageRadioItems } from "../language-radio-items";

/** The avatar menu of spec §2: Profile, Support, language (English, Français), Logout. */
export function UserMenu() {
  const { t } = useTranslation("web");
  const { profile } = useSession();
  const { language, setLanguage } = useLanguage();
  const logout = useLogout();
  const pictureSrc = useProfilePictureSrc(profile);
  if (!profile) return null;

  const name = [profile.firstname, profile.lastname].filter(Boolean).join(" ");
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          aria-label={t("userMenu.trigger")}
          className="inline-flex shrink-0 rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          <Avatar src={pictureSrc} seed={profile.email} alt="" size={36} />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="flex items-center gap-3 py-2 font-normal">
          {/* Decorative: the name and email beside it say whose account this is, and a menu may
              hold only items and groups (an image there breaks aria-required-children). */}
          <Avatar src={pictureSrc} seed={profile.email} alt="" size={40} />
          <span className="flex min-w-0 flex-col">
            {name ? <span className="truncate text-sm font-semibold text-ink">{name}</span> : null}
            <span className="text-xs text-ink-muted">{t("userMenu.signedInAs")}</span>
            <span className="truncate text-sm text-ink" data-testid="user-menu-email">
              {profile.email}
            </span>
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/settings/profile">
            <UserRound aria-hidden="true" />
            {t("userMenu.profile")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/settings/support">
            <LifeBuoy aria-hidden="true" />
            {t("userMenu.support")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{t("userMenu.language")}</DropdownMenuLabel>
        <LanguageRadioItems value={language} onChange={(next) => void setLanguage(next)} />
        <DropdownMenuSeparator />
        <DropdownMenuItem destructive onSelect={() => void logout()}>
          <LogOut aria-hidden="true" />
          {t("userMenu.logout")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
