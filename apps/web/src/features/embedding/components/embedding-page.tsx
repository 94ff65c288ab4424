import { EMBED_ORIGINS_MAX, embedOriginSchema } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, Card, CardContent, FormField, Input } from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { fieldErrorWords, useErrorText } from "../../../lib/api/error-text";
import { zodResolver } from "../../../lib/forms/zod-resolver";
import { SettingsSection } from "../../../components/settings-section";
import { usePageMeta } from "../../../lib/page-meta";
import { useEmbeddingSettings, useSaveEmbeddingSettings } from "../api/embedding-queries";

/**
 * /settings/embedding (Owner, Admin): the sites that may show the team's signing pages in a frame
 * (`@paraphe/embed`). Each change is saved at once; the signing site answers the team's embedded
 * pages with `frame-ancestors` naming these origins, and no other site can frame them.
 */
export function EmbeddingPage() {
  const { t } = useTranslation("web");
  usePageMeta({ title: t("embedding.title") });
  const settings = useEmbeddingSettings();
  return (
    <SettingsSection
      headingId="embedding-title"
      title={t("embedding.title")}
      description={t("embedding.description")}
      query={settings}
      loadError={t("embedding.loadError")}
      loading={t("embedding.loading")}
      skeletons={["h-40"]}
    >
      {(data) => <OriginsCard origins={data.embedding.origins} />}
    </SettingsSection>
  );
}

const addOriginSchema = z.object({ origin: embedOriginSchema });
type AddOriginInput = z.input<typeof addOriginSchema>;
type AddOriginOutput = z.output<typeof addOriginSchema>;

function OriginsCard({ origins }: { origins: string[] }) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const save = useSaveEmbeddingSettings();
  const form = useForm<AddOriginInput, unknown, AddOriginOutput>({
    resolver: zodResolver(addOriginSchema),
    defaultValues: { origin: "" },
  });
  const full = origins.length >= EMBED_ORIGINS_MAX;
  const { errors, isSubmitting } = form.formState;
  // The api's word for a refused origin (`loopback_origin` in production), else its message.
  const refusal = save.isError
    ? (errorText.validation(fieldErrorWords(save.error)[0]) ?? errorText.apiError(save.error))
    : null;

  const add = form.handleSubmit(async ({ origin }) => {
    if (origins.includes(origin)) {
      form.setError("origin", { message: "duplicate_origin" });
      return;
    }
    await save.mutateAsync({ origins: [...origins, origin] }).then(
      () => {
        form.reset({ origin: "" });
        toast.success(t("web:embedding.added", { origin }));
      },
      () => undefined,
    );
  });

  const remove = (origin: string) => {
    save.mutate(
      { origins: origins.filter((item) => item !== origin) },
      { onSuccess: () => toast.success(t("web:embedding.removed", { origin })) },
    );
  };

  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-6">
        <h3 className="text-base font-semibold text-ink">
          {t("web:embedding.listTitle", { count: origins.length, max: EMBED_ORIGINS_MAX })}
        </h3>
        {origins.length === 0 ? (
          <p className="text-sm text-ink-muted">{t("web:embedding.empty")}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border rounded-control border border-border">
            {origins.map((origin) => (
              <li key={origin} className="flex items-center justify-between gap-3 px-3 py-2">
                <span className="min-w-0 font-mono text-sm break-all text-ink">{origin}</span>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={save.isPending}
                  aria-label={t("web:embedding.remove", { origin })}
                  onClick={() => remove(origin)}
                >
                  {t("web:embedding.removeShort")}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {full ? (
          <p className="text-sm text-ink-muted">
            {t("web:embedding.full", { max: EMBED_ORIGINS_MAX })}
          </p>
        ) : (
          <form
            noValidate
            className="flex flex-col gap-3 sm:flex-row sm:items-start"
            onSubmit={(event) => void add(event)}
          >
            <FormField
              label={t("web:embedding.origin")}
              description={t("web:embedding.originHint")}
              error={errorText.validation(errors.origin)}
              className="flex-1"
              required
            >
              <Input
                type="url"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                placeholder="https://app.example.com"
                {...form.register("origin")}
              />
            </FormField>
            <Button type="submit" className="sm:mt-6" loading={isSubmitting || save.isPending}>
              {t("web:embedding.add")}
            </Button>
          </form>
        )}
        {refusal !== null ? (
          <p role="alert" className="text-sm text-danger">
            {refusal}
          </p>
        ) : null}
        <p className="text-sm text-ink-muted">{t("web:embedding.howTo")}</p>
      </CardContent>
    </Card>
  );
}
