import { type CreateApiKeyResponse } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, FormField, Input } from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { Copy, TriangleAlert } from "lucide-react";

/**
 * The key just created, with its secret key: shown this once (nothing can show it again), with a
 * copy button for each key and a clear warning.
 */
export function ApiKeySecret({
  created,
  onDone,
}: {
  created: CreateApiKeyResponse;
  onDone: () => void;
}) {
  const { t } = useTranslation("web");
  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t("apiKeys.secret.copied"));
    } catch {
      toast.error(t("apiKeys.secret.copyFailed"));
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <p
        role="alert"
        className="flex items-start gap-2 rounded-card bg-warning-soft p-3 text-sm font-medium text-warning"
      >
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t("apiKeys.secret.warning")}
      </p>
      <SecretField
        label={t("apiKeys.secret.accessKey")}
        value={created.apiKey.accessKey}
        copyLabel={t("apiKeys.secret.copyAccessKey")}
        onCopy={copy}
      />
      <SecretField
        label={t("apiKeys.secret.secretKey")}
        value={created.secretKey}
        copyLabel={t("apiKeys.secret.copySecretKey")}
        onCopy={copy}
      />
      <div className="flex justify-end">
        <Button onClick={onDone}>{t("apiKeys.secret.done")}</Button>
      </div>
    </div>
  );
}

function SecretField({
  label,
  value,
  copyLabel,
  onCopy,
}: {
  label: string;
  value: string;
  copyLabel: string;
  onCopy: (value: string) => Promise<void>;
}) {
  return (
    <div className="flex flex-col gap-2">
      <FormField label={label}>
        <Input
          readOnly
          value={value}
          spellCheck={false}
          autoComplete="off"
          className="font-mono text-xs"
          onFocus={(event) => event.target.select()}
        />
      </FormField>
      <div>
        <Button variant="secondary" size="sm" onClick={() => void onCopy(value)}>
          <Copy aria-hidden="true" />
          {copyLabel}
        </Button>
      </div>
    </div>
  );
}
