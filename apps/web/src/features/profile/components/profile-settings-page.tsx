import { useTranslation } from "@paraphe/i18n/react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@paraphe/ui-kit";
import { usePageMeta } from "../../../lib/page-meta";
import { useSession } from "../../../app/session/session-context";
import { ProfileForm } from "../forms/profile-form";
import { ProfilePictureCard } from "./profile-picture-card";

/** /settings/profile: picture, name, phone, the language of mail and the interface language. */
export function ProfileSettingsPage() {
  const { t } = useTranslation("web");
  const { profile } = useSession();
  usePageMeta({ title: t("settings.profile.title") });
  if (!profile) return null;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <ProfilePictureCard profile={profile} />
      <Card>
        <CardHeader>
          <CardTitle>{t("settings.profile.title")}</CardTitle>
          <CardDescription>{t("settings.profile.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <ProfileForm profile={profile} />
        </CardContent>
      </Card>
    </div>
  );
}
