import { useTranslation } from "@paraphe/i18n/react";
import { Button, Spinner } from "@paraphe/ui-kit";
import { Check, TriangleAlert } from "lucide-react";
import { type SaveStatus } from "./use-save-status";

/** Spec §4: saving, saved, or an error with a reload of the page. */
export function SaveIndicator({ status }: { status: SaveStatus }) {
  const { t } = useTranslation(["web", "common"]);
  if (status === "error") {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-danger">
        <TriangleAlert aria-hidden="true" className="size-4" />
        {t("web:editor.save.error")}
        <Button size="sm" variant="secondary" onClick={() => window.location.reload()}>
          {t("common:actions.reload")}
        </Button>
      </div>
    );
  }
  return (
    <p role="status" className="flex items-center gap-1.5 text-sm text-ink-muted">
      {status === "saving" ? (
        <>
          <Spinner size={16} />
          {t("web:editor.save.saving")}
        </>
      ) : status === "saved" ? (
        <>
          <Check aria-hidden="true" className="size-4 text-success" />
          {t("web:editor.save.saved")}
        </>
      ) : null}
    </p>
  );
}
