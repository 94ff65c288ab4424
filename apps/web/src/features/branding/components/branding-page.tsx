import {
  BRAND_LOGO_MAX_BYTES,
  BRAND_LOGO_TYPES,
  brandColorReport,
  saveBrandingRequestSchema,
  type TeamBranding,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Checkbox,
  FormField,
  Input,
} from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { ImageUp, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { PermittedButton } from "../../../app/permissions/permitted-button";
import { SettingsSection } from "../../../components/settings-section";
import { fieldErrorProblem, useErrorText } from "../../../lib/api/error-text";
import { zodResolver } from "../../../lib/forms/zod-resolver";
import { usePageMeta } from "../../../lib/page-meta";
import { useSession } from "../../../app/session/session-context";
import {
  useBranding,
  useRemoveBrandLogo,
  useSaveBranding,
  useUploadBrandLogo,
} from "../api/branding-queries";
import { BrandingPreview } from "./branding-preview";

type FormInput = z.input<typeof saveBrandingRequestSchema>;
type FormOutput = z.output<typeof saveBrandingRequestSchema>;

const COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * /settings/branding (Owner, Admin): the team's logo, brand colour (with its contrast against
 * white and dark text, and the readable variant buttons use), display name, footer line, links and
 * "Sent with Paraphe", beside a live preview of what a signer sees.
 */
export function BrandingPage() {
  const { t } = useTranslation("web");
  usePageMeta({ title: t("branding.title") });
  const branding = useBranding();
  return (
    <SettingsSection
      headingId="branding-title"
      title={t("branding.title")}
      description={t("branding.description")}
      wide
      query={branding}
      loadError={t("branding.loadError")}
      loading={t("branding.loading")}
      skeletons={["h-48"]}
    >
      {(data) => <BrandingForm branding={data.branding} />}
    </SettingsSection>
  );
}

function BrandingForm({ branding }: { branding: TeamBranding }) {
  const { t } = useTranslation(["web", "errors"]);
  const errorText = useErrorText();
  const { profile } = useSession();
  const save = useSaveBranding();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(saveBrandingRequestSchema),
    defaultValues: {
      displayName: branding.displayName ?? "",
      color: branding.color ?? "",
      footer: branding.footer ?? "",
      websiteUrl: branding.websiteUrl ?? "",
      privacyUrl: branding.privacyUrl ?? "",
      showPoweredBy: branding.showPoweredBy,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const watched = useWatch({ control: form.control });
  const color =
    typeof watched.color === "string" && COLOR.test(watched.color)
      ? watched.color.toLowerCase()
      : null;
  const report = color === null ? null : brandColorReport(color);
  const teamName = profile?.team?.name ?? "";

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(t("web:branding.saved"));
    } catch (error) {
      for (const path of ["displayName", "color", "footer", "websiteUrl", "privacyUrl"] as const) {
        const problem = fieldErrorProblem(error, path);
        if (problem) form.setError(path, problem);
      }
    }
  });

  return (
    <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <div className="flex min-w-0 flex-col gap-4">
        <LogoCard branding={branding} />
        <Card>
          <CardContent className="pt-6">
            <form noValidate onSubmit={submit} className="flex flex-col gap-4">
              <FormField
                label={t("web:branding.displayName")}
                description={t("web:branding.displayNameHint")}
                error={errorText.validation(errors.displayName)}
              >
                <Input
                  autoComplete="organization"
                  placeholder={teamName}
                  {...form.register("displayName")}
                />
              </FormField>
              <div className="flex flex-col gap-2">
                <div className="flex items-end gap-2">
                  <FormField
                    className="min-w-0 flex-1"
                    label={t("web:branding.color")}
                    description={t("web:branding.colorHint")}
                    error={errorText.validation(errors.color)}
                  >
                    <Input placeholder="#1e3a8a" autoComplete="off" {...form.register("color")} />
                  </FormField>
                  <input
                    type="color"
                    aria-label={t("web:branding.colorPicker")}
                    className="mb-0.5 h-10 w-12 shrink-0 cursor-pointer rounded-control border border-border bg-surface"
                    value={color ?? "#4338f0"}
                    onChange={(event) =>
                      form.setValue("color", event.target.value, { shouldDirty: true })
                    }
                  />
                </div>
                {report === null ? null : (
                  <div className="flex flex-col gap-1 text-sm" aria-live="polite">
                    <p className="text-ink-muted">
                      {t("web:branding.contrastWhite", { ratio: report.withWhite.toFixed(2) })}
                      {" · "}
                      {t("web:branding.contrastDark", { ratio: report.withDarkText.toFixed(2) })}
                    </p>
                    {report.adjusted ? (
                      <p
                        role="status"
                        className="rounded-control border border-warning bg-warning-soft px-3 py-2 text-ink"
                      >
                        {t("web:branding.contrastLow", { color: report.readableColor })}
                      </p>
                    ) : (
                      <p className="text-ink-muted">{t("web:branding.contrastOk")}</p>
                    )}
                  </div>
                )}
              </div>
              <FormField
                label={t("web:branding.footer")}
                description={t("web:branding.footerHint")}
                error={errorText.validation(errors.footer)}
              >
                <Input autoComplete="off" {...form.register("footer")} />
              </FormField>
              <FormField
                label={t("web:branding.websiteUrl")}
                description={t("web:branding.urlHint")}
                error={errorText.validation(errors.websiteUrl)}
              >
                <Input
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  placeholder="https://"
                  {...form.register("websiteUrl")}
                />
              </FormField>
              <FormField
                label={t("web:branding.privacyUrl")}
                description={t("web:branding.urlHint")}
                error={errorText.validation(errors.privacyUrl)}
              >
                <Input
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  placeholder="https://"
                  {...form.register("privacyUrl")}
                />
              </FormField>
              <Controller
                control={form.control}
                name="showPoweredBy"
                render={({ field }) => (
                  <Checkbox
                    label={t("web:branding.showPoweredBy")}
                    description={t("web:branding.showPoweredByHint")}
                    checked={field.value}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                  />
                )}
              />
              {save.isError && !Object.keys(errors).length ? (
                <p role="alert" className="text-sm text-danger">
                  {errorText.apiError(save.error)}
                </p>
              ) : null}
              <div>
                <PermittedButton
                  permission="update Team branding"
                  type="submit"
                  loading={isSubmitting}
                >
                  {t("web:branding.save")}
                </PermittedButton>
              </div>
            </form>
          </CardContent>
        </Card>
      </div>
      <aside
        aria-labelledby="branding-preview-title"
        className="flex flex-col gap-2 lg:sticky lg:top-4"
      >
        <h3 id="branding-preview-title" className="text-base font-semibold text-ink">
          {t("web:branding.preview.title")}
        </h3>
        <p className="text-sm text-ink-muted">{t("web:branding.preview.description")}</p>
        <BrandingPreview
          values={{
            name: watched.displayName?.trim() || teamName,
            color,
            footer: watched.footer ?? "",
            websiteUrl: watched.websiteUrl ?? "",
            privacyUrl: watched.privacyUrl ?? "",
            showPoweredBy: watched.showPoweredBy ?? true,
            logoUrl: branding.logoUrl,
          }}
        />
      </aside>
    </div>
  );
}

/** The logo: PNG or JPEG, checked for type and size before it is sent; removal. */
function LogoCard({ branding }: { branding: TeamBranding }) {
  const { t } = useTranslation(["web", "errors"]);
  const errorText = useErrorText();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadBrandLogo();
  const remove = useRemoveBrandLogo();
  const [problem, setProblem] = useState<string | null>(null);

  const onFile = async (file: File | undefined) => {
    setProblem(null);
    upload.reset();
    if (!file) return;
    if (!(BRAND_LOGO_TYPES as readonly string[]).includes(file.type)) {
      setProblem(t("errors:validation.invalid_file_type"));
      return;
    }
    if (file.size > BRAND_LOGO_MAX_BYTES) {
      setProblem(t("errors:validation.too_large"));
      return;
    }
    const data = await readBase64(file);
    try {
      await upload.mutateAsync({
        contentType: file.type as (typeof BRAND_LOGO_TYPES)[number],
        data,
      });
      toast.success(t("web:branding.logoUploaded"));
    } catch (error) {
      const refused = fieldErrorProblem(error, "data");
      setProblem(
        refused ? (errorText.validation(refused.message) ?? null) : errorText.apiError(error),
      );
    } finally {
      if (inputRef.current) inputRef.current.value = "";
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("web:branding.logo")}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex min-h-12 items-center">
          {branding.logoUrl === null ? (
            <p className="text-sm text-ink-muted">{t("web:branding.noLogo")}</p>
          ) : (
            <img
              src={branding.logoUrl}
              alt={t("web:branding.logo")}
              className="h-12 w-auto max-w-60 object-contain"
            />
          )}
        </div>
        <p id={`${inputId}-hint`} className="text-sm text-ink-muted">
          {t("web:branding.logoHint")}
        </p>
        {problem === null ? null : (
          <p role="alert" className="text-sm text-danger">
            {problem}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <label className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-control border border-border bg-surface px-4 text-sm font-medium text-ink shadow-card focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-500 hover:bg-surface-muted [&_svg]:size-4">
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept={BRAND_LOGO_TYPES.join(",")}
              className="sr-only"
              aria-describedby={`${inputId}-hint`}
              disabled={upload.isPending}
              onChange={(event) => void onFile(event.target.files?.[0])}
            />
            <ImageUp aria-hidden="true" />
            {t("web:branding.chooseLogo")}
          </label>
          {branding.logoUrl === null ? null : (
            <Button
              variant="ghost"
              loading={remove.isPending}
              onClick={() =>
                void remove.mutateAsync().then(() => toast.success(t("web:branding.logoRemoved")))
              }
            >
              <Trash2 aria-hidden="true" />
              {t("web:branding.removeLogo")}
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const dataUrl = String(reader.result);
      resolve(dataUrl.slice(dataUrl.indexOf(",") + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error("The file cannot be read"));
    reader.readAsDataURL(file);
  });
}
