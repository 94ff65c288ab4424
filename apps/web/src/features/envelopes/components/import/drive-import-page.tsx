import { useTranslation } from "@paraphe/i18n/react";
import { EmptyState } from "@paraphe/ui-kit";
import { CloudOff } from "lucide-react";
import { Link } from "react-router";
import { usePageMeta } from "../../../../lib/page-meta";

/**
 * /envelopes/import-google-drive. This build has no cloud drive connection, so the page says so
 * (spec §8: cloud drive not configured) and points to the import from this device.
 */
export function DriveImportPage() {
  const { t } = useTranslation("web");
  usePageMeta({ title: t("envelopes.import.drive.title") });
  return (
    <section aria-labelledby="drive-import-title" className="flex max-w-3xl flex-col gap-4">
      <h2 id="drive-import-title" className="text-lg font-semibold text-ink">
        {t("envelopes.import.drive.title")}
      </h2>
      <EmptyState
        icon={<CloudOff />}
        title={t("envelopes.import.drive.notConfigured")}
        description={t("envelopes.import.drive.notConfiguredHint")}
        action={
          <Link
            to="/envelopes/import"
            className="text-sm font-medium text-brand-700 underline underline-offset-2"
          >
            {t("envelopes.import.drive.fromDevice")}
          </Link>
        }
      />
    </section>
  );
}
