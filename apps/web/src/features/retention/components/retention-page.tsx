import {
  RETENTION_DAYS_MAX,
  RETENTION_DAYS_MIN,
  type RetentionPolicy,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import {
  Button,
  Card,
  CardContent,
  ConfirmDialog,
  FormField,
  Input,
  RadioGroup,
} from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { useState } from "react";
import { useErrorText } from "../../../lib/api/error-text";
import { SettingsSection } from "../../../components/settings-section";
import { usePageMeta } from "../../../lib/page-meta";
import { useRetentionPolicy, useSaveRetentionPolicy } from "../api/retention-queries";

type Mode = "off" | "documents" | "everything";

/**
 * /settings/retention (the team's Owners): whether the files of ended envelopes (completed,
 * declined, canceled, expired) are deleted, after how many days, and what goes: the documents only
 * or everything. Turning deletion on or changing it is confirmed first.
 */
export function RetentionPage() {
  const { t } = useTranslation("web");
  usePageMeta({ title: t("retention.title") });
  const policy = useRetentionPolicy();
  return (
    <SettingsSection
      headingId="retention-title"
      title={t("retention.title")}
      description={t("retention.description")}
      query={policy}
      loadError={t("retention.loadError")}
      loading={t("retention.loading")}
      skeletons={["h-40"]}
    >
      {(data) => <RetentionForm policy={data.policy} />}
    </SettingsSection>
  );
}

function RetentionForm({ policy }: { policy: RetentionPolicy }) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const save = useSaveRetentionPolicy();
  const [mode, setMode] = useState<Mode>(policy.days === null ? "off" : policy.scope);
  const [days, setDays] = useState(String(policy.days ?? 365));
  const [daysError, setDaysError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const count = Number(days);

  const submit = () => {
    save.mutate(
      mode === "off" ? { days: null, scope: "documents" } : { days: count, scope: mode },
      {
        onSuccess: () => {
          setConfirming(false);
          toast.success(t("web:retention.saved"));
        },
      },
    );
  };

  const onSave = () => {
    if (mode === "off") {
      submit();
      return;
    }
    if (!Number.isInteger(count) || count < RETENTION_DAYS_MIN || count > RETENTION_DAYS_MAX) {
      setDaysError(
        t("web:retention.daysError", { min: RETENTION_DAYS_MIN, max: RETENTION_DAYS_MAX }),
      );
      return;
    }
    setDaysError(null);
    setConfirming(true);
  };

  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-6">
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onSave();
          }}
        >
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium text-ink">{t("web:retention.mode")}</legend>
            <RadioGroup
              value={mode}
              onValueChange={(value) => setMode(value as Mode)}
              aria-label={t("web:retention.mode")}
              options={[
                { value: "off", label: t("web:retention.modes.off") },
                {
                  value: "documents",
                  label: t("web:retention.modes.documents"),
                  description: t("web:retention.modes.documentsHint"),
                },
                {
                  value: "everything",
                  label: t("web:retention.modes.everything"),
                  description: t("web:retention.modes.everythingHint"),
                },
              ]}
            />
          </fieldset>
          {mode === "off" ? null : (
            <FormField
              label={t("web:retention.days")}
              description={t("web:retention.daysHint", {
                min: RETENTION_DAYS_MIN,
                max: RETENTION_DAYS_MAX,
              })}
              error={daysError}
              required
            >
              <Input
                type="number"
                inputMode="numeric"
                min={RETENTION_DAYS_MIN}
                max={RETENTION_DAYS_MAX}
                value={days}
                onChange={(event) => setDays(event.target.value)}
                className="w-32"
              />
            </FormField>
          )}
          {save.isError && !confirming ? (
            <p role="alert" className="text-sm text-danger">
              {errorText.apiError(save.error)}
            </p>
          ) : null}
          <div>
            <Button type="submit" loading={save.isPending && !confirming}>
              {t("common:actions.save")}
            </Button>
          </div>
        </form>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t("web:retention.confirmTitle")}
          description={t(
            mode === "everything"
              ? "web:retention.confirmEverything"
              : "web:retention.confirmDocuments",
            { count },
          )}
          confirmLabel={t("web:retention.confirm")}
          cancelLabel={t("common:actions.cancel")}
          closeLabel={t("common:actions.close")}
          variant="danger"
          pending={save.isPending}
          error={save.isError ? errorText.apiError(save.error) : null}
          onConfirm={submit}
        />
      </CardContent>
    </Card>
  );
}
