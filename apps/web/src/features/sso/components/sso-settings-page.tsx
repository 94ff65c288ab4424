import {
  SSO_CLIENT_SECRET_MAX_LENGTH,
  saveSsoRequestSchema,
  type GetSsoResponse,
  type SsoConfiguration,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import {
  Button,
  Card,
  Checkbox,
  ConfirmDialog,
  FormField,
  Input,
  Select,
  Skeleton,
} from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { Copy, Wand2 } from "lucide-react";
import { Controller, useForm } from "react-hook-form";
import { Link } from "react-router";
import { z } from "zod";
import { PermittedButton } from "../../../app/permissions/permitted-button";
import { useRoleLabel } from "../../../domain/role-label";
import { fieldErrorWord, useErrorText } from "../../../lib/api/error-text";
import { setApiFieldErrors } from "../../../lib/forms/api-field-errors";
import { formatDateTime } from "../../../lib/format";
import { usePageMeta } from "../../../lib/page-meta";
import {
  useDeleteSso,
  useDiscoverSso,
  useSaveSso,
  useSsoConfiguration,
  useSsoRoles,
} from "../api/sso-queries";
import { useState } from "react";
import { SsoDomainsCard } from "./sso-domains-card";
import { zodResolver } from "../../../lib/forms/zod-resolver";
import { QueryLoadError } from "../../../lib/load-failure";

const URL_FIELDS = [
  "issuerUrl",
  "authorizationUrl",
  "tokenUrl",
  "userinfoUrl",
  "revocationUrl",
  "jwksUrl",
] as const;

/** URLs some providers do not publish (Microsoft Entra ID has no revocation endpoint). */
const OPTIONAL_URL_FIELDS: ReadonlySet<string> = new Set(["userinfoUrl", "revocationUrl"]);

/**
 * The SSO form's rules: the contract's (the URLs required and valid, userinfo and revocation
 * optional, client id required), and
 * the secret required until one is saved (then empty keeps it).
 */
function ssoFormSchema(hasSecret: boolean) {
  return saveSsoRequestSchema.omit({ clientSecret: true, defaultRoleUuid: true }).extend({
    clientSecret: hasSecret
      ? z.string().max(SSO_CLIENT_SECRET_MAX_LENGTH, { error: "too_long" })
      : z
          .string()
          .min(1, { error: "required" })
          .max(SSO_CLIENT_SECRET_MAX_LENGTH, { error: "too_long" }),
    defaultRoleUuid: z.string(),
  });
}
type SsoFormInput = z.input<ReturnType<typeof ssoFormSchema>>;

/** /settings/sso: the team's OpenID Connect configuration (spec §5 SSO form). */
export function SsoSettingsPage() {
  const { t } = useTranslation(["web", "common"]);
  usePageMeta({ title: t("web:sso.title") });
  const sso = useSsoConfiguration();
  if (sso.isPending) {
    return (
      <div className="flex flex-col gap-3">
        <span role="status" className="sr-only">
          {t("web:sso.loading")}
        </span>
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (sso.isError) {
    return <QueryLoadError query={sso} message={t("web:sso.loadError")} />;
  }
  return <SsoForm key={sso.data.configuration?.updatedAt ?? "new"} current={sso.data} />;
}

function SsoForm({ current }: { current: GetSsoResponse }) {
  const { t, i18n } = useTranslation(["web", "common"]);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const errorText = useErrorText();
  const roles = useSsoRoles();
  const roleLabel = useRoleLabel();
  const save = useSaveSso();
  const discover = useDiscoverSso();
  const remove = useDeleteSso();
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const configuration: SsoConfiguration | null = current.configuration;
  const hasSecret = configuration?.hasClientSecret ?? false;
  const form = useForm<SsoFormInput>({
    resolver: zodResolver(ssoFormSchema(hasSecret)),
    defaultValues: {
      clientId: configuration?.clientId ?? "",
      clientSecret: "",
      issuerUrl: configuration?.issuerUrl ?? "",
      authorizationUrl: configuration?.authorizationUrl ?? "",
      tokenUrl: configuration?.tokenUrl ?? "",
      userinfoUrl: configuration?.userinfoUrl ?? "",
      revocationUrl: configuration?.revocationUrl ?? "",
      jwksUrl: configuration?.jwksUrl ?? "",
      enabled: configuration?.enabled ?? true,
      defaultRoleUuid: configuration?.defaultRoleUuid ?? "",
    },
  });
  const { errors, isSubmitting } = form.formState;
  const memberRole = roles.data?.roles.find((role) => role.name === "Member");

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        ...values,
        clientSecret: values.clientSecret === "" ? undefined : values.clientSecret,
        defaultRoleUuid: values.defaultRoleUuid || undefined,
      });
      toast.success(t("web:sso.saved"));
    } catch (error) {
      setApiFieldErrors(form.setError, error, ["clientId", "clientSecret", ...URL_FIELDS] as const);
    }
  });

  const fillFromIssuer = async () => {
    const valid = await form.trigger("issuerUrl");
    if (!valid) return;
    try {
      const found = await discover.mutateAsync({ issuerUrl: form.getValues("issuerUrl") });
      for (const field of URL_FIELDS) {
        const value = found[field];
        if (value) form.setValue(field, value, { shouldValidate: true, shouldDirty: true });
      }
      toast.success(t("web:sso.discover.done"));
    } catch {
      // The message shows under the issuer URL.
    }
  };

  const copyCallback = async () => {
    try {
      await navigator.clipboard.writeText(current.callbackUrl);
      toast.success(t("web:sso.copied"));
    } catch {
      // The URL stays selectable in the field.
    }
  };

  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <p className="text-sm text-ink-muted">{t("web:sso.description")}</p>
      {configuration === null ? (
        <p role="status" className="text-sm text-ink">
          {t("web:sso.notConfigured")}
        </p>
      ) : (
        <p className="text-sm text-ink-muted">
          {t("web:sso.dates", {
            created: formatDateTime(configuration.createdAt, language),
            updated: formatDateTime(configuration.updatedAt, language),
          })}
        </p>
      )}
      <Card className="flex flex-col gap-2 p-4">
        <FormField label={t("web:sso.callbackUrl")}>
          <Input readOnly value={current.callbackUrl} onFocus={(event) => event.target.select()} />
        </FormField>
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" size="sm" onClick={() => void copyCallback()}>
            <Copy aria-hidden="true" />
            {t("web:sso.copy")}
          </Button>
          <Link to="/settings/sso-tutorial" className="text-sm text-brand-700 underline">
            {t("web:sso.tutorialLink")}
          </Link>
        </div>
      </Card>
      <SsoDomainsCard />
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Card className="flex flex-col gap-3 p-4">
          <FormField
            label={t("web:sso.fields.issuerUrl")}
            required
            error={
              discover.isError
                ? errorText.apiError(discover.error)
                : errorText.validation(errors.issuerUrl)
            }
          >
            <Input type="url" autoComplete="off" {...form.register("issuerUrl")} />
          </FormField>
          <div className="flex flex-col items-start gap-1">
            <Button
              type="button"
              variant="secondary"
              size="sm"
              loading={discover.isPending}
              onClick={() => void fillFromIssuer()}
            >
              <Wand2 aria-hidden="true" />
              {t("web:sso.discover.label")}
            </Button>
            <p className="text-xs text-ink-muted">{t("web:sso.discover.hint")}</p>
          </div>
          <div className="grid gap-3 md:grid-cols-2">
            <FormField
              label={t("web:sso.fields.clientId")}
              required
              error={errorText.validation(errors.clientId)}
            >
              <Input autoComplete="off" {...form.register("clientId")} />
            </FormField>
            <FormField
              label={t("web:sso.fields.clientSecret")}
              required={!hasSecret}
              description={hasSecret ? t("web:sso.fields.clientSecretSaved") : undefined}
              error={errorText.validation(errors.clientSecret)}
            >
              <Input
                type="password"
                autoComplete="new-password"
                {...form.register("clientSecret")}
              />
            </FormField>
          </div>
          <div className="grid gap-3 md:grid-cols-2">
            {URL_FIELDS.filter((field) => field !== "issuerUrl").map((field) => (
              <FormField
                key={field}
                label={t(`web:sso.fields.${field}`)}
                required={!OPTIONAL_URL_FIELDS.has(field)}
                description={
                  !OPTIONAL_URL_FIELDS.has(field)
                    ? undefined
                    : field === "revocationUrl"
                      ? t("web:sso.optionalRevocationUrl")
                      : t("web:sso.optionalUrl")
                }
                error={errorText.validation(errors[field])}
              >
                <Input type="url" autoComplete="off" {...form.register(field)} />
              </FormField>
            ))}
          </div>
          <Controller
            control={form.control}
            name="defaultRoleUuid"
            render={({ field }) => (
              <FormField label={t("web:sso.fields.defaultRole")}>
                <Select
                  ref={field.ref}
                  name={field.name}
                  value={field.value || memberRole?.uuid || ""}
                  onValueChange={field.onChange}
                  options={(roles.data?.roles ?? []).map((role) => ({
                    value: role.uuid,
                    label: roleLabel(role),
                  }))}
                />
              </FormField>
            )}
          />
          <Controller
            control={form.control}
            name="enabled"
            render={({ field }) => (
              <Checkbox
                ref={field.ref}
                name={field.name}
                label={t("web:sso.fields.enabled")}
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
              />
            )}
          />
        </Card>
        {save.isError && !URL_FIELDS.some((field) => fieldErrorWord(save.error, field)) ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {t("web:sso.saveError")} {errorText.apiError(save.error)}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          {configuration !== null ? (
            <PermittedButton
              permission="update Team sso"
              type="button"
              variant="secondary"
              onClick={() => {
                remove.reset();
                setConfirmingRemove(true);
              }}
            >
              {t("web:sso.remove")}
            </PermittedButton>
          ) : null}
          <PermittedButton permission="update Team sso" type="submit" loading={isSubmitting}>
            {t("web:sso.save")}
          </PermittedButton>
        </div>
      </form>
      <ConfirmDialog
        open={confirmingRemove}
        onOpenChange={setConfirmingRemove}
        title={t("web:sso.removeTitle")}
        description={t("web:sso.removeDescription")}
        confirmLabel={t("web:sso.remove")}
        cancelLabel={t("common:actions.cancel")}
        closeLabel={t("common:actions.close")}
        pending={remove.isPending}
        error={remove.isError ? errorText.apiError(remove.error) : null}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirmingRemove(false);
              toast.success(t("web:sso.removed"));
            },
          })
        }
      />
    </div>
  );
}
