import { useTranslation } from "@paraphe/i18n/react";
import { CircleAlert } from "lucide-react";

/** "Login failed" with the spec's text, or another description (rate limit...), announced at once. */
export function LoginFailure({ description }: { description?: string }) {
  const { t } = useTranslation("errors");
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-card border border-danger/40 bg-danger/5 p-3 text-sm text-ink"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
      <div className="flex flex-col gap-0.5">
        <p className="font-semibold">{t("loginFailed.title")}</p>
        <p>{description ?? t("loginFailed.description")}</p>
      </div>
    </div>
  );
}
