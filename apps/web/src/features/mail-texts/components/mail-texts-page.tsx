import {
  MAIL_TEXT_KINDS,
  MAIL_TEXT_LANGUAGES,
  MAIL_TEXT_RULES,
  mailTextInputSchema,
  type MailText,
  type MailTextKind,
  type MailTextLanguage,
  type PreviewMailTextResponse,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import {
  Badge,
  Button,
  Card,
  CardContent,
  FormField,
  Input,
  Select,
  Textarea,
} from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { PermittedButton } from "../../../app/permissions/permitted-button";
import { fieldErrorProblem, useErrorText } from "../../../lib/api/error-text";
import { zodResolver } from "../../../lib/forms/zod-resolver";
import { SettingsSection } from "../../../components/settings-section";
import { usePageMeta } from "../../../lib/page-meta";
import {
  useMailTexts,
  usePreviewMailText,
  useResetMailText,
  useSaveMailText,
} from "../api/mail-text-queries";

type FormInput = z.input<typeof mailTextInputSchema>;
type FormOutput = z.output<typeof mailTextInputSchema>;

/**
 * /settings/messages (Owner, Admin): the team's text of the invitation, reminder, completion and
 * decline mails in English and French, with the placeholders each accepts, a preview the server
 * renders with sample values, and the way back to Paraphe's text.
 */
export function MailTextsPage() {
  const { t, i18n } = useTranslation("web");
  usePageMeta({ title: t("mailTexts.title") });
  const texts = useMailTexts();
  const [kind, setKind] = useState<MailTextKind>("invitation");
  const [language, setLanguage] = useState<MailTextLanguage>(
    i18n.language.startsWith("fr") ? "fr" : "en",
  );
  const text = texts.data?.texts.find(
    (entry) => entry.kind === kind && entry.language === language,
  );
  return (
    <SettingsSection
      headingId="mail-texts-title"
      title={t("mailTexts.title")}
      description={t("mailTexts.description")}
      wide
      query={texts}
      loadError={t("mailTexts.loadError")}
      loading={t("mailTexts.loading")}
      skeletons={["h-48"]}
    >
      {() => (
        <>
          <div className="flex flex-col gap-3 sm:flex-row">
            <FormField
              className="min-w-0 sm:flex-1"
              label={t("mailTexts.kind")}
              description={t(`mailTexts.kindHints.${kind}`)}
            >
              <Select
                value={kind}
                onValueChange={(value) => setKind(value as MailTextKind)}
                options={MAIL_TEXT_KINDS.map((value) => ({
                  value,
                  label: t(`mailTexts.kinds.${value}`),
                }))}
              />
            </FormField>
            <FormField className="sm:w-48" label={t("mailTexts.language")}>
              <Select
                value={language}
                onValueChange={(value) => setLanguage(value as MailTextLanguage)}
                options={MAIL_TEXT_LANGUAGES.map((value) => ({
                  value,
                  label: t(`mailTexts.languages.${value}`),
                  lang: value,
                }))}
              />
            </FormField>
          </div>
          {text === undefined ? null : (
            <MailTextForm
              key={`${text.kind}:${text.language}:${text.isDefault}:${text.subject}:${text.body}`}
              text={text}
            />
          )}
        </>
      )}
    </SettingsSection>
  );
}

function MailTextForm({ text }: { text: MailText }) {
  const { t } = useTranslation(["web", "errors"]);
  const errorText = useErrorText();
  const save = useSaveMailText();
  const reset = useResetMailText();
  const preview = usePreviewMailText();
  const [rendered, setRendered] = useState<PreviewMailTextResponse | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(mailTextInputSchema),
    defaultValues: {
      kind: text.kind,
      language: text.language,
      subject: text.subject,
      body: text.body,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const rules = MAIL_TEXT_RULES[text.kind];

  const showRefusal = (error: unknown) => {
    let onField = false;
    for (const path of ["subject", "body"] as const) {
      const problem = fieldErrorProblem(error, path);
      if (problem) {
        form.setError(path, problem);
        onField = true;
      }
    }
    if (!onField) toast.error(errorText.apiError(error));
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(t("web:mailTexts.saved"));
    } catch (error) {
      showRefusal(error);
    }
  });

  const showPreview = form.handleSubmit(async (values) => {
    try {
      setRendered(await preview.mutateAsync(values));
    } catch (error) {
      showRefusal(error);
    }
  });

  return (
    <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <Card className="min-w-0">
        <CardContent className="flex flex-col gap-4 pt-6">
          <div>
            <Badge variant={text.isDefault ? "neutral" : "success"}>
              {t(text.isDefault ? "web:mailTexts.default" : "web:mailTexts.custom")}
            </Badge>
          </div>
          <form
            noValidate
            onSubmit={submit}
            className="flex flex-col gap-4"
            lang={text.language}
            aria-label={t(`web:mailTexts.kinds.${text.kind}`)}
          >
            <FormField
              label={t("web:mailTexts.subject")}
              description={t("web:mailTexts.subjectHint")}
              error={errorText.validation(errors.subject)}
            >
              <Input autoComplete="off" {...form.register("subject")} />
            </FormField>
            <FormField
              label={t("web:mailTexts.body")}
              description={t("web:mailTexts.bodyHint", { expiry: "{{expiry}}" })}
              error={errorText.validation(errors.body)}
            >
              <Textarea rows={12} className="font-mono text-sm" {...form.register("body")} />
            </FormField>
            <div className="flex flex-wrap gap-2">
              <PermittedButton
                permission="update Team branding"
                type="submit"
                loading={isSubmitting && !preview.isPending}
              >
                {t("web:mailTexts.save")}
              </PermittedButton>
              <Button
                type="button"
                variant="secondary"
                loading={preview.isPending}
                onClick={() => void showPreview()}
              >
                {t("web:mailTexts.showPreview")}
              </Button>
              {text.isDefault ? null : (
                <Button
                  type="button"
                  variant="ghost"
                  loading={reset.isPending}
                  onClick={() =>
                    void reset
                      .mutateAsync({ kind: text.kind, language: text.language })
                      .then(() => toast.success(t("web:mailTexts.resetDone")), showRefusal)
                  }
                >
                  {t("web:mailTexts.reset")}
                </Button>
              )}
            </div>
          </form>
        </CardContent>
      </Card>
      <div className="flex min-w-0 flex-col gap-4">
        <section aria-labelledby="mail-text-placeholders" className="flex flex-col gap-2">
          <h3 id="mail-text-placeholders" className="text-base font-semibold text-ink">
            {t("web:mailTexts.placeholders.title")}
          </h3>
          <p className="text-sm text-ink-muted">{t("web:mailTexts.placeholders.description")}</p>
          <ul className="flex flex-col gap-1 text-sm text-ink">
            {rules.placeholders.map((name) => (
              <li key={name}>
                <code className="rounded bg-surface-muted px-1 font-mono">{`{{${name}}}`}</code>{" "}
                {t(`web:mailTexts.placeholders.${name}`)}
                {name === "link" && rules.linkRequired
                  ? ` (${t("web:mailTexts.placeholders.required")})`
                  : ""}
              </li>
            ))}
          </ul>
        </section>
        <section
          aria-labelledby="mail-text-preview"
          aria-live="polite"
          className="flex flex-col gap-2"
        >
          <h3 id="mail-text-preview" className="text-base font-semibold text-ink">
            {t("web:mailTexts.preview.title")}
          </h3>
          <p className="text-sm text-ink-muted">{t("web:mailTexts.preview.description")}</p>
          {rendered === null ? (
            <p className="text-sm text-ink-muted">{t("web:mailTexts.preview.empty")}</p>
          ) : (
            <div
              data-testid="mail-text-preview"
              lang={text.language}
              className="flex flex-col gap-2 rounded-control border border-border bg-surface p-3 text-sm text-ink"
            >
              <p className="font-semibold break-words">
                {t("web:mailTexts.preview.subject", { subject: rendered.subject })}
              </p>
              <p className="break-words whitespace-pre-wrap">{rendered.text}</p>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
