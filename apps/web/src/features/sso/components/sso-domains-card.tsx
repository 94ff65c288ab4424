import { addSsoDomainRequestSchema, type SsoDomain } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Badge, Card, ConfirmDialog, FormField, Input, Skeleton } from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { PermittedButton } from "../../../app/permissions/permitted-button";
import { fieldErrorProblem, fieldErrorWord, useErrorText } from "../../../lib/api/error-text";
import {
  useAddSsoDomain,
  useRemoveSsoDomain,
  useSsoDomains,
  useVerifySsoDomain,
} from "../api/sso-domain-queries";
import { zodResolver } from "../../../lib/forms/zod-resolver";
import { QueryLoadError } from "../../../lib/load-failure";

type DomainFormInput = z.input<typeof addSsoDomainRequestSchema>;
type DomainFormOutput = z.output<typeof addSsoDomainRequestSchema>;

/**
 * The "Verified domains" block of /settings/sso: the email domains the team claims, the DNS TXT
 * record that proves each, verify and remove. The team's identity provider signs in newcomers only
 * at a verified domain.
 */
export function SsoDomainsCard() {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const domains = useSsoDomains();
  const add = useAddSsoDomain();
  const form = useForm<DomainFormInput, unknown, DomainFormOutput>({
    resolver: zodResolver(addSsoDomainRequestSchema),
    defaultValues: { domain: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ domain }) => {
    try {
      await add.mutateAsync(domain);
      form.reset({ domain: "" });
      toast.success(t("web:sso.domains.added"));
    } catch (error) {
      const problem = fieldErrorProblem(error, "domain");
      if (problem) form.setError("domain", problem, { shouldFocus: true });
    }
  });

  return (
    <section aria-labelledby="sso-domains-title">
      <Card className="flex flex-col gap-3 p-4">
        <div className="flex flex-col gap-1">
          <h2 id="sso-domains-title" className="text-base font-semibold text-ink">
            {t("web:sso.domains.title")}
          </h2>
          <p className="text-sm text-ink-muted">{t("web:sso.domains.description")}</p>
        </div>
        <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-2">
          <FormField
            className="min-w-0 flex-1 basis-56"
            label={t("web:sso.domains.label")}
            error={errorText.validation(errors.domain)}
          >
            <Input
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={t("web:sso.domains.placeholder")}
              {...form.register("domain")}
            />
          </FormField>
          <PermittedButton permission="update Team sso" type="submit" loading={isSubmitting}>
            {t("web:sso.domains.add")}
          </PermittedButton>
        </form>
        {add.isError && !fieldErrorWord(add.error, "domain") ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {errorText.apiError(add.error)}
          </p>
        ) : null}
        {domains.isPending ? (
          <div className="flex flex-col gap-2">
            <span role="status" className="sr-only">
              {t("web:sso.domains.loading")}
            </span>
            <Skeleton className="h-16 w-full" />
          </div>
        ) : domains.isError ? (
          <QueryLoadError query={domains} message={t("web:sso.domains.loadError")} />
        ) : domains.data.domains.length === 0 ? (
          <p className="text-sm text-ink-muted">{t("web:sso.domains.empty")}</p>
        ) : (
          <ul aria-label={t("web:sso.domains.caption")} className="flex flex-col gap-3">
            {domains.data.domains.map((domain) => (
              <DomainItem key={domain.uuid} domain={domain} />
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}

function DomainItem({ domain }: { domain: SsoDomain }) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const verify = useVerifySsoDomain();
  const remove = useRemoveSsoDomain();
  const [confirming, setConfirming] = useState(false);
  const verifyWord = fieldErrorWord(verify.error, "domain");

  return (
    <li className="flex flex-col gap-2 rounded-md border border-border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="font-medium break-all text-ink">{domain.domain}</span>
          {domain.status === "verified" ? (
            <Badge variant="success">{t("web:sso.domains.verified")}</Badge>
          ) : (
            <Badge variant="warning">{t("web:sso.domains.pending")}</Badge>
          )}
        </span>
        <span className="flex flex-wrap gap-2">
          {domain.status === "pending" ? (
            <PermittedButton
              permission="update Team sso"
              size="sm"
              loading={verify.isPending}
              aria-label={t("web:sso.domains.verifyLabel", { domain: domain.domain })}
              onClick={() =>
                verify.mutate(domain.uuid, {
                  onSuccess: () =>
                    toast.success(t("web:sso.domains.verifiedToast", { domain: domain.domain })),
                })
              }
            >
              {t("web:sso.domains.verify")}
            </PermittedButton>
          ) : null}
          <PermittedButton
            permission="update Team sso"
            size="sm"
            variant="secondary"
            aria-label={t("web:sso.domains.removeLabel", { domain: domain.domain })}
            onClick={() => {
              remove.reset();
              setConfirming(true);
            }}
          >
            {t("web:sso.domains.remove")}
          </PermittedButton>
        </span>
      </div>
      {domain.status === "pending" ? (
        <div className="flex flex-col gap-2 text-sm">
          <p className="text-ink-muted">{t("web:sso.domains.record")}</p>
          <dl className="grid gap-1 sm:grid-cols-[auto_1fr] sm:gap-x-3">
            <dt className="text-ink-muted">{t("web:sso.domains.recordName")}</dt>
            <dd className="font-mono text-xs break-all text-ink">{domain.recordName}</dd>
            <dt className="text-ink-muted">{t("web:sso.domains.recordValue")}</dt>
            <dd className="font-mono text-xs break-all text-ink">{domain.recordValue}</dd>
          </dl>
        </div>
      ) : null}
      {verify.isError ? (
        <p role="alert" className="text-sm text-danger">
          {verifyWord ? errorText.validation(verifyWord) : errorText.apiError(verify.error)}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("web:sso.domains.removeTitle", { domain: domain.domain })}
        description={t("web:sso.domains.removeDescription")}
        confirmLabel={t("web:sso.domains.remove")}
        cancelLabel={t("common:actions.cancel")}
        closeLabel={t("common:actions.close")}
        pending={remove.isPending}
        error={remove.isError ? errorText.apiError(remove.error) : null}
        onConfirm={() =>
          remove.mutate(domain.uuid, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(t("web:sso.domains.removed"));
            },
          })
        }
      />
    </li>
  );
}
