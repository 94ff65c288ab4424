import { useTranslation } from "@paraphe/i18n/react";
import { Button, Dialog, DialogContent, DialogFooter, FormField, Input } from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { Copy } from "lucide-react";

/**
 * The signing secret of an endpoint, shown once (after a creation or a rotation): it can be
 * copied, and it cannot be shown again once the dialog closes.
 */
export function WebhookSecretDialog({
  secret,
  onClose,
}: {
  secret: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(["web", "common"]);
  const copy = async () => {
    if (secret === null) return;
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(t("web:webhooks.secret.copied"));
    } catch {
      // The secret stays selectable in the field.
    }
  };
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        title={t("web:webhooks.secret.title")}
        description={t("web:webhooks.secret.description")}
        closeLabel={t("common:actions.close")}
      >
        <FormField label={t("web:webhooks.secret.label")}>
          <Input
            readOnly
            value={secret ?? ""}
            className="font-mono text-xs"
            onFocus={(event) => event.target.select()}
          />
        </FormField>
        <DialogFooter>
          <Button type="button" variant="secondary" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            {t("web:webhooks.secret.copy")}
          </Button>
          <Button type="button" onClick={onClose}>
            {t("web:webhooks.secret.done")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
